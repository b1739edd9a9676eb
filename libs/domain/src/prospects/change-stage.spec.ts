import { deciderSpec } from '../testing/decider-spec';
import { ProspectActor, emptyProspect, Prospect, ProspectStage } from './prospect';
import { prospectDecider, ProspectCommand, ProspectEvent } from './prospect.decider';
import { nextStageBlockReason, nextStageCheck } from './prospect.rules';

/** Issue 15 point 8: only the superadmin picks a stage; others use 'next stage' only. */
const ID = '6740a1b2c3d4e5f60123abcd';
const AT = '2026-11-22T10:00:00.000Z';
const SUPER: ProspectActor = { id: 'u-super', trigram: 'SAD', role: 'SUPERADMIN' };
const ADMIN: ProspectActor = { id: 'u-admin', trigram: 'CMA', role: 'ADMIN' };
const SALE: ProspectActor = { id: 'u-sale', trigram: 'SPE', role: 'SALE' };

const meta = { prospectId: ID, at: AT, by: 'seed' };
const created: ProspectEvent = {
  type: 'ProspectCreated',
  data: { ...meta, name: 'Acme', sale: 'SPE', createdAt: AT },
};
const stage = (from: ProspectStage, to: ProspectStage): ProspectEvent => ({
  type: 'ProspectStageChanged',
  data: { ...meta, from, to },
});
const filled: ProspectEvent = {
  type: 'ProspectFieldsChanged',
  data: {
    ...meta,
    changes: {
      siret: '12345678900012',
      address: '1 rue de la Paix',
      employeesCount: '50-250',
      structureType: 'siege',
      type: 'entreprise',
      origin: 'linkedin',
      companyContactName: 'Jeanne Roy',
      companyContactPhone: '0612345678',
      companyContactMail: 'jeanne@acme.fr',
      companyContactJob: 'DRH',
      demoDate: '2026-01-12',
      actionsToDo: 'Relancer',
      aboutContacts: 'DRH',
      aboutProcess: 'Alternance',
      aboutHousing: 'Paris cher',
      potentialAltHiring: 1,
      potentialAltHiL: 1,
      potentialMutationHiring: 1,
      potentialMutationHiL: 1,
      potentialNewHiring: 1,
      potentialNewHiL: 1,
    },
  },
};
const atInvolved = [created, filled, stage('new', 'involved')];
const done = [created, filled, stage('new', 'done')];

const move = (
  to: ProspectStage,
  actor: ProspectActor,
  theory: ProspectStage = 'involved',
): ProspectCommand => ({
  type: 'UpdateProspect',
  prospectId: ID,
  at: AT,
  actor,
  baseRevision: 1000,
  changes: { currentProgress: to },
  theory,
});
const moved = (from: ProspectStage, to: ProspectStage, by: string): ProspectEvent => ({
  type: 'ProspectStageChanged',
  data: { prospectId: ID, at: AT, by, from, to },
});

const spec = deciderSpec(prospectDecider);

describe('change stage (issue 15 point 8)', () => {
  it('given a done prospect, when an admin moves it back to toCall, then it is refused', () => {
    spec
      .given(done)
      .when(move('toCall', ADMIN, 'done'))
      .thenThrows("Seul le super admin peut choisir directement l'étape", 'invalid');
  });

  it('given a testing prospect, when a sale moves it back to toCall, then it is refused', () => {
    spec
      .given([created, filled, stage('new', 'testing')])
      .when(move('toCall', SALE, 'testing'))
      .thenThrows("Seul le super admin peut choisir directement l'étape", 'invalid');
  });

  it('given a done prospect, when the superadmin moves it back to toCall, then it moves', () => {
    spec
      .given(done)
      .when(move('toCall', SUPER))
      .then([moved('done', 'toCall', 'u-super')]);
  });

  it('given an involved prospect without file, when a sale asks next stage, then the reason says why', () => {
    spec
      .given(atInvolved)
      .when(move('testing', SALE, 'involved'))
      .thenThrows(
        'Étape en avance sur le statut théorique : aucun dossier associé à ce prospect',
        'invalid',
      );
  });

  it('given an involved prospect with a linked file, when a sale asks next stage, then it moves', () => {
    spec
      .given(atInvolved)
      .when(move('testing', SALE, 'testing'))
      .then([moved('involved', 'testing', 'u-sale')]);
  });

  it('given a testing prospect whose file is not relocated, when next stage, then refused', () => {
    spec
      .given([created, filled, stage('new', 'testing')])
      .when(move('done', ADMIN, 'testing'))
      .thenThrows(
        'Étape en avance sur le statut théorique : aucun dossier relogé pour ce prospect',
      );
  });

  it('exports the reason the console shows on the disabled button', () => {
    const state = atInvolved.reduce(prospectDecider.evolve, emptyProspect()) as Prospect;
    expect(nextStageBlockReason(state, 'involved')).toBe(
      'Étape en avance sur le statut théorique : aucun dossier associé à ce prospect',
    );
    expect(nextStageBlockReason(state, 'testing')).toBeNull();
    expect(nextStageCheck(state, 'involved')).toMatchObject({ stage: 'testing', enabled: false });
    const fresh = [created].reduce(prospectDecider.evolve, emptyProspect()) as Prospect;
    expect(nextStageBlockReason(fresh, 'involved')).toBe(
      'Les champs obligatoires de cette étape ne sont pas remplis',
    );
  });
});
