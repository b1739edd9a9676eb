import { Role } from '../auth/roles';
import {
  ADVANCE_ALLOWED_FROM,
  BOARD_ROUTES,
  PROJECT_STAGES,
  READ_ONLY_COLUMNS,
  STAGE_LABELS,
  advanceLabel,
  boardColumns,
  canAdvance,
  canEditProject,
  hasReached,
  nextStage,
  stageLabel,
  stagesOffered,
} from './stages';

const RELOC = [
  'researchStarted',
  'visitScheduled',
  'caseAccepted',
  'leaseFetched',
  'awaitingSignature',
  'signed',
  'submittedToHil',
  'docsLease',
];
const DEFAULT = ['toAssign', 'projectCreated', 'toCall', 'eligibility', 'docsMobiPass'];

describe('project stages', () => {
  it('lists the 16 stages in spec order with their French labels', () => {
    expect(PROJECT_STAGES).toHaveLength(16);
    expect(PROJECT_STAGES[0]).toBe('projectCreated');
    expect(PROJECT_STAGES[13]).toBe('sentToAL');
    expect(PROJECT_STAGES[15]).toBe('paid');
    expect(STAGE_LABELS.toAssign).toBe('A répartir');
    expect(STAGE_LABELS.signed).toBe('Constitution dossier final');
    expect(stageLabel('docsLease')).toBe('Dossier en cours de finalisation');
  });

  it("labels an unknown stage 'Inconnu'", () => {
    expect(stageLabel('teleported')).toBe('Inconnu');
    expect(stageLabel('')).toBe('Inconnu');
  });

  it('gives the next column after currentProgress, none after paid', () => {
    expect(nextStage('projectCreated')).toBe('toCall');
    expect(nextStage('toAssign')).toBe('docsLease');
    expect(nextStage('signed')).toBe('submittedToHil');
    expect(nextStage('paid')).toBeNull();
  });

  it("allows 'Passer en …' only from the seven stages of the spec", () => {
    expect(ADVANCE_ALLOWED_FROM).toEqual([
      'projectCreated',
      'toCall',
      'eligibility',
      'docsMobiPass',
      'toAssign',
      'leaseFetched',
      'signed',
    ]);
    const allowed = PROJECT_STAGES.filter(canAdvance);
    expect(allowed).toEqual(ADVANCE_ALLOWED_FROM);
    expect(advanceLabel('docsMobiPass')).toBe('Passer en A répartir');
    expect(advanceLabel('signed')).toBe('Passer en Dossier soumis');
    expect(advanceLabel('leaseFetched')).toBe('Proposer à la signature');
    expect(advanceLabel('paid')).toBeNull();
  });
});

describe('board columns', () => {
  it('gives /reloc its eight columns for every staff role', () => {
    for (const role of ['OPERATOR', 'SALE', 'ADMIN', 'SUPERADMIN'] as Role[])
      expect(boardColumns('reloc', role)).toEqual(RELOC);
    expect(boardColumns('/reloc', 'OPERATOR')).toEqual(RELOC);
  });

  it('gives /sales and any other route the default set', () => {
    expect(BOARD_ROUTES).toEqual(['reloc', 'sales', 'compta']);
    expect(boardColumns('sales', 'SALE')).toEqual(DEFAULT);
    expect(boardColumns('anything', 'OPERATOR')).toEqual(DEFAULT);
  });

  it('shows relanceAL to admins only and paid to the super admin only on /compta', () => {
    expect(boardColumns('compta', 'OPERATOR')).toEqual(['sentToAL']);
    expect(boardColumns('compta', 'SALE')).toEqual(['sentToAL']);
    expect(boardColumns('compta', 'VENDOR')).toEqual(['sentToAL']);
    expect(boardColumns('compta', 'ADMIN')).toEqual(['sentToAL', 'relanceAL']);
    expect(boardColumns('compta', 'SUPERADMIN')).toEqual(['sentToAL', 'relanceAL', 'paid']);
  });

  it('makes visitScheduled a read-only column', () => {
    expect(READ_ONLY_COLUMNS).toEqual(['visitScheduled']);
  });
});

describe('stages offered and edit mode', () => {
  const early = { progress: { projectCreated: 'd', researchStarted: 'd' } };
  const sent = { progress: { projectCreated: 'd', sentToAL: 'd' } };
  const paid = { progress: { projectCreated: 'd', paid: 'd' } };

  it('knows when sentToAL is reached, also through a later stage', () => {
    expect(hasReached(early.progress, 'sentToAL')).toBe(false);
    expect(hasReached(sent.progress, 'sentToAL')).toBe(true);
    expect(hasReached(paid.progress, 'sentToAL')).toBe(true);
    expect(hasReached({ stopped: 'd' }, 'projectCreated')).toBe(false);
  });

  it('offers every stage the role may see before sentToAL', () => {
    expect(stagesOffered(early, 'SUPERADMIN')).toEqual([...PROJECT_STAGES]);
    expect(stagesOffered(early, 'ADMIN')).toEqual(PROJECT_STAGES.filter((s) => s !== 'paid'));
    expect(stagesOffered(early, 'OPERATOR')).toEqual(
      PROJECT_STAGES.filter((s) => s !== 'paid' && s !== 'relanceAL'),
    );
  });

  it('offers no earlier stage once sentToAL is reached', () => {
    expect(stagesOffered(sent, 'SUPERADMIN')).toEqual(['sentToAL', 'relanceAL', 'paid']);
    expect(stagesOffered(sent, 'ADMIN')).toEqual(['sentToAL', 'relanceAL']);
    expect(stagesOffered(sent, 'OPERATOR')).toEqual(['sentToAL']);
  });

  it('keeps edit mode on before sentToAL, then for admins and super admins only', () => {
    for (const role of ['OPERATOR', 'SALE', 'VENDOR', 'ADMIN', 'SUPERADMIN'] as Role[])
      expect(canEditProject(early, role)).toBe(true);
    expect(canEditProject(sent, 'OPERATOR')).toBe(false);
    expect(canEditProject(sent, 'SALE')).toBe(false);
    expect(canEditProject(sent, 'VENDOR')).toBe(false);
    expect(canEditProject(paid, 'OPERATOR')).toBe(false);
    expect(canEditProject(sent, 'ADMIN')).toBe(true);
    expect(canEditProject(sent, 'SUPERADMIN')).toBe(true);
  });
});
