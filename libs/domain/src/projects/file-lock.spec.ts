import { deciderSpec } from '../testing/decider-spec';
import {
  admin,
  command,
  operator,
  projectCreated,
  sale,
  stageChanged,
  superadmin,
  vendor,
} from '../testing/project-fixtures';
import { fileLocked, requireFileEditable } from './file-lock';
import { ProjectCommand } from './project.commands';
import { projectDecider } from './project.decider';
import { ProjectEvent } from './project.events';

const spec = deciderSpec(projectDecider);
const fold = (events: ProjectEvent[]) =>
  events.reduce(projectDecider.evolve, projectDecider.initialState());
const sentToAL = [projectCreated, stageChanged('projectCreated', 'sentToAL')];
const stopped: ProjectEvent = {
  type: 'ProjectStopped',
  data: {
    projectId: projectCreated.data.projectId,
    reason: 'unresponsive',
    alertSkipDays: 0,
    skipAlertsUntil: null,
    at: '2026-11-22T11:00:00.000Z',
  },
};

describe('at or after sentToAL only admins change anything (issue 15 point 4)', () => {
  it('given a file at sentToAL, the rule locks every non-admin and no admin', () => {
    const file = fold(sentToAL);
    for (const role of ['OPERATOR', 'SALE', 'VENDOR', 'USER', 'SOMETHING'])
      expect(fileLocked(file, role)).toBe(true);
    for (const role of ['ADMIN', 'SUPERADMIN', 'SYSTEM'])
      expect(fileLocked(file, role)).toBe(false);
    expect(fileLocked(fold([projectCreated]), 'OPERATOR')).toBe(false);
    expect(() => requireFileEditable(file, 'OPERATOR')).toThrow("Le dossier n'est plus modifiable");
  });

  // Distributes over the union, so each command keeps its own fields.
  type CommandBody = ProjectCommand extends infer C
    ? C extends unknown
      ? Omit<C, 'actor' | 'at'>
      : never
    : never;
  const changes: CommandBody[] = [
    { type: 'StopProject', reason: 'unresponsive', alertSkipDays: 0 },
    { type: 'LiftAlert', alert: 'noNews', days: 7, reason: 'Client en congés' },
    { type: 'OverrideIncome' },
  ];

  it("when a non-admin abandons, lifts an alert or overrides income: 403 'Le dossier n'est plus modifiable'", () => {
    for (const body of changes)
      for (const actor of [operator, sale, vendor])
        spec
          .given(sentToAL)
          .when(command(body as Omit<ProjectCommand, 'actor' | 'at'>, actor))
          .thenThrows("Le dossier n'est plus modifiable", 'forbidden');
    for (const actor of [operator, sale])
      spec
        .given([...sentToAL, stopped])
        .when(command({ type: 'RestartProject' }, actor))
        .thenThrows("Le dossier n'est plus modifiable", 'forbidden');
  });

  it('when an admin does the same, it is recorded', () => {
    for (const actor of [admin, superadmin]) {
      for (const body of changes)
        expect(
          projectDecider.decide(
            command(body as Omit<ProjectCommand, 'actor' | 'at'>, actor),
            fold(sentToAL),
          ),
        ).toHaveLength(1);
      spec
        .given([...sentToAL, stopped])
        .when(command({ type: 'RestartProject' }, actor))
        .then([
          {
            type: 'ProjectRestarted',
            data: { projectId: projectCreated.data.projectId, at: '2026-11-22T10:00:00.000Z' },
          },
        ]);
    }
  });
});
