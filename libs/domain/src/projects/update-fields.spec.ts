import { fold } from '../shared/decider';
import { deciderSpec } from '../testing/decider-spec';
import {
  PROJECT_ID,
  admin,
  command,
  fieldsChanged,
  operator,
  otherOperator,
  projectCreated,
  sale,
  stageChanged,
  superadmin,
  vendor,
} from '../testing/project-fixtures';
import { FieldConflictError } from './field-conflict';
import { EDITABLE_FIELDS } from './fields';
import { ProjectActor, RecordSystemFields, UpdateFields } from './project.commands';
import { projectDecider } from './project.decider';
import { ProjectEvent } from './project.events';

const spec = deciderSpec(projectDecider);
const update = (
  changes: Record<string, unknown>,
  baseRevision: number,
  by: ProjectActor = operator,
) => command<UpdateFields>({ type: 'UpdateFields', changes, baseRevision }, by);
const changed = (changes: Record<string, unknown>, by = operator.id): ProjectEvent[] => [
  { type: 'ProjectFieldsChanged', data: { projectId: PROJECT_ID, changes, by } } as ProjectEvent,
];

function conflictOf(events: ProjectEvent[], cmd: UpdateFields): FieldConflictError {
  try {
    projectDecider.decide(cmd, fold(projectDecider, events));
  } catch (error) {
    if (error instanceof FieldConflictError) return error;
    throw error;
  }
  throw new Error('no conflict');
}

describe('UpdateFields', () => {
  it('records only the fields whose value changes', () => {
    spec
      .given([projectCreated])
      .when(update({ firstName: 'Camille', job: 'Ingénieure', budget: 900 }, 0))
      .then(changed({ job: 'Ingénieure', budget: 900 }));
    spec
      .given([projectCreated])
      .when(update({ firstName: 'Camille' }, 0))
      .thenNothing();
  });

  it('refuses unknown, non-editable and ill-typed fields, writing nothing', () => {
    for (const changes of [
      { nope: 1 },
      { userId: 'other@example.fr' },
      { currentProgress: 'paid' },
      { contractualDistance: 12 },
      { aboutYou: 'client text' },
    ])
      spec
        .given([projectCreated])
        .when(update(changes, 0))
        .thenThrows('Requête invalide', 'invalid');
    for (const changes of [
      { budget: '900' },
      { dateMove: '15/12/2026' },
      { civility: 'Mx' },
      { zone: 3 },
      { coEnabled: 'yes' },
      { addressWorkObject: 'Lyon' },
      { companyId: 'acme' },
    ])
      spec
        .given([projectCreated])
        .when(update(changes, 0))
        .thenThrows('Requête invalide', 'invalid');
    spec
      .given([projectCreated])
      .when(update({ job: 'x' }, Number.NaN))
      .thenThrows('Requête invalide', 'invalid');
  });

  it('accepts every editable field cleared to null (booleans to false)', () => {
    const cleared = Object.fromEntries(
      EDITABLE_FIELDS.map((field) => [
        field,
        typeof projectDecider.initialState()[field] === 'boolean' ? false : null,
      ]),
    );
    const events = projectDecider.decide(
      update(cleared, 0),
      fold(projectDecider, [projectCreated]),
    );
    expect(Object.keys((events[0].data as { changes: object }).changes).sort()).toEqual(
      ['firstName', 'lastName', 'phoneNumber', 'company', 'actualCity', 'fromAddressObject'].sort(),
    );
  });

  it('merges fields nobody else changed since the base revision', () => {
    // revision 1: another user changed job; this user edits budget from revision 0.
    spec
      .given([projectCreated, fieldsChanged({ job: 'Comptable' }, otherOperator.id)])
      .when(update({ budget: 900 }, 0))
      .then(changed({ budget: 900 }));
  });

  it('is a conflict naming the fields another user changed since, with their current values', () => {
    const given = [
      projectCreated,
      fieldsChanged({ job: 'Comptable', wage: 2500 }, otherOperator.id),
      fieldsChanged({ budget: 800 }, otherOperator.id),
    ];
    spec
      .given(given)
      .when(update({ job: 'Ingénieure', budget: 900, nationality: 'Française' }, 0))
      .thenThrows('conflict', 'conflict');
    const error = conflictOf(
      given,
      update({ job: 'Ingénieure', budget: 900, nationality: 'Française' }, 0),
    );
    expect(error.fields).toEqual(['job', 'budget']);
    expect(error.current).toEqual({ job: 'Comptable', budget: 800 });
    expect(error.revision).toBe(2);
    // From revision 1, only budget (changed at revision 2) conflicts.
    expect(conflictOf(given, update({ job: 'Ingénieure', budget: 900 }, 1)).fields).toEqual([
      'budget',
    ]);
  });

  it('sees no conflict in an identical value, nor from the base revision on', () => {
    const given = [projectCreated, fieldsChanged({ job: 'Comptable' }, otherOperator.id)];
    spec
      .given(given)
      .when(update({ job: 'Comptable', budget: 900 }, 0))
      .then(changed({ budget: 900 }));
    spec
      .given(given)
      .when(update({ job: 'Ingénieure' }, 1))
      .then(changed({ job: 'Ingénieure' }));
  });

  it("never conflicts with the user's own earlier saves", () => {
    spec
      .given([projectCreated, fieldsChanged({ job: 'Comptable' }, operator.id)])
      .when(update({ job: 'Comptable principale' }, 0))
      .then(changed({ job: 'Comptable principale' }));
  });

  it('compares places whatever their key order', () => {
    const place = { label: 'Lyon', lat: 45.7, lng: 4.8 };
    spec
      .given([projectCreated, fieldsChanged({ addressWorkObject: place }, otherOperator.id)])
      .when(update({ addressWorkObject: { lng: 4.8, lat: 45.7, label: 'Lyon' } }, 0))
      .thenNothing();
  });

  it('tracks the revision and the revision of each field', () => {
    const state = fold(projectDecider, [
      projectCreated,
      fieldsChanged({ job: 'Comptable' }),
      stageChanged('projectCreated', 'toCall'),
      fieldsChanged({ budget: 800 }),
    ]);
    expect(projectDecider.initialState().revision).toBe(-1);
    expect(state.revision).toBe(3);
    expect(state.fieldRevisions).toMatchObject({ firstName: 0, job: 1, budget: 3 });
  });

  it('is refused to non-admins once sentToAL is reached, allowed to admins', () => {
    const sent = [projectCreated, stageChanged('projectCreated', 'sentToAL')];
    for (const actor of [operator, sale, vendor])
      spec
        .given(sent)
        .when(update({ job: 'x' }, 1, actor))
        .thenThrows("Le dossier n'est plus modifiable", 'forbidden');
    for (const actor of [admin, superadmin])
      spec
        .given(sent)
        .when(update({ job: 'x' }, 1, actor))
        .then(changed({ job: 'x' }, actor.id));
  });
});

describe('RecordSystemFields', () => {
  const record = (changes: Record<string, unknown>) =>
    command<RecordSystemFields>({ type: 'RecordSystemFields', changes }, operator);

  it('records computed distances and client notes, nothing else', () => {
    spec
      .given([projectCreated, stageChanged('projectCreated', 'sentToAL')])
      .when(record({ contractualDistance: 412, aboutYou: 'Je cherche un T2' }))
      .then(changed({ contractualDistance: 412, aboutYou: 'Je cherche un T2' }));
    spec
      .given([projectCreated])
      .when(record({ job: 'x' }))
      .thenThrows('Requête invalide', 'invalid');
  });
});
