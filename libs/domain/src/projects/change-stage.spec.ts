import { deciderSpec } from '../testing/decider-spec';
import {
  AT,
  FINAL_COMPLETE,
  PROJECT_ID,
  READY,
  SEARCH_COMPLETE,
  SHARED_COMPLETE,
  STAFF,
  admin,
  assigned,
  command,
  estateChosen,
  fieldsChanged,
  operator,
  projectCreated,
  sale,
  stageChanged,
  superadmin,
  user,
  vendor,
} from '../testing/project-fixtures';
import { canMoveProject, stageMoveRefusal } from './change-stage';
import { ChangeStage, ProjectActor } from './project.commands';
import { projectDecider } from './project.decider';
import { ProjectEvent } from './project.events';
import { ProjectStage } from './stages';

const spec = deciderSpec(projectDecider);
const changeStage = (
  stage: string,
  by: ProjectActor = operator,
  extra: Partial<ChangeStage> = {},
) => command<ChangeStage>({ type: 'ChangeStage', stage, ...extra }, by);
const moved = (from: ProjectStage, to: ProjectStage): ProjectEvent[] => [
  { type: 'ProjectStageChanged', data: { projectId: PROJECT_ID, from, to, at: AT } },
];

const fold = (events: ProjectEvent[]) =>
  events.reduce(projectDecider.evolve, projectDecider.initialState());
const complete = fieldsChanged({ ...SHARED_COMPLETE, ...SEARCH_COMPLETE, ...FINAL_COMPLETE });
const sentToAL = [
  projectCreated,
  complete,
  estateChosen,
  stageChanged('projectCreated', 'sentToAL'),
];

describe('ChangeStage', () => {
  it('moves to an ungated stage for every staff role, never for USER', () => {
    for (const actor of STAFF)
      spec
        .given([projectCreated, assigned('reloc', vendor.trigram)])
        .when(changeStage('toCall', actor))
        .then(moved('projectCreated', 'toCall'));
    spec
      .given([projectCreated])
      .when(changeStage('toCall', user))
      .thenThrows('Réservé aux admins', 'forbidden');
  });

  it('writes nothing when the stage does not change', () => {
    spec.given([projectCreated]).when(changeStage('projectCreated')).thenNothing();
  });

  it("refuses an unknown stage with 'Inconnu' and a missing project", () => {
    spec.given([projectCreated]).when(changeStage('teleported')).thenThrows('Inconnu', 'invalid');
    spec.given([]).when(changeStage('toCall')).thenThrows('Introuvable', 'notFound');
  });

  it('requires a complete file for toAssign, listing missing fields by label', () => {
    spec
      .given([projectCreated])
      .when(changeStage('toAssign'))
      .thenThrows('Dossier incomplet', 'invalid');
    let caught: unknown;
    try {
      projectDecider.decide(
        changeStage('toAssign'),
        projectDecider.evolve(projectDecider.initialState(), projectCreated),
      );
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ errors: { civility: 'Civilité', companySiret: 'SIRET' } });
    spec
      .given([
        projectCreated,
        fieldsChanged(SHARED_COMPLETE),
        stageChanged('projectCreated', 'docsMobiPass'),
      ])
      .when(changeStage('toAssign'))
      .then(moved('docsMobiPass', 'toAssign'));
  });

  it('requires the search and household fields for docsLease', () => {
    spec
      .given([
        projectCreated,
        fieldsChanged(SHARED_COMPLETE),
        stageChanged('projectCreated', 'toAssign'),
      ])
      .when(changeStage('docsLease'))
      .thenThrows('Dossier incomplet', 'invalid');
    spec
      .given([
        projectCreated,
        fieldsChanged({ ...SHARED_COMPLETE, ...SEARCH_COMPLETE }),
        stageChanged('projectCreated', 'toAssign'),
      ])
      .when(changeStage('docsLease'))
      .then(moved('toAssign', 'docsLease'));
  });

  it('requires canSubmit for submittedToHil, with the spec message until readiness is known', () => {
    const signed = [
      projectCreated,
      complete,
      estateChosen,
      stageChanged('projectCreated', 'signed'),
    ];
    const message = 'Un bien doit avoir été retenu et au moins 3 biens doivent avoir été visités';
    spec.given(signed).when(changeStage('submittedToHil')).thenThrows(message, 'invalid');
    spec
      .given(signed)
      .when(
        changeStage('submittedToHil', operator, {
          readiness: { ...READY, proposalsWithExactAddress: 2 },
        }),
      )
      .thenThrows(message, 'invalid');
    spec
      .given(signed)
      .when(changeStage('submittedToHil', operator, { readiness: READY }))
      .then(moved('signed', 'submittedToHil'));
    spec
      .given([projectCreated, complete, stageChanged('projectCreated', 'signed')])
      .when(changeStage('submittedToHil', operator, { readiness: READY }))
      .thenThrows('Dossier incomplet', 'invalid');
  });

  it('gates awaitingSignature on the chosen property, 3 exact addresses and documents ok (§5)', () => {
    const leaseFetched = [
      projectCreated,
      complete,
      estateChosen,
      stageChanged('projectCreated', 'leaseFetched'),
    ];
    const message = 'Un bien doit avoir été retenu et au moins 3 biens doivent avoir été visités';
    spec.given(leaseFetched).when(changeStage('awaitingSignature')).thenThrows(message, 'invalid');
    spec
      .given(leaseFetched)
      .when(
        changeStage('awaitingSignature', operator, {
          readiness: { ...READY, documents: 'incomplete-submission' },
        }),
      )
      .thenThrows(message, 'invalid');
    let caught: unknown;
    try {
      projectDecider.decide(
        changeStage('awaitingSignature', operator, {
          readiness: { ...READY, documents: 'incomplete', proposalsWithExactAddress: 2 },
        }),
        leaseFetched.reduce(projectDecider.evolve, projectDecider.initialState()),
      );
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({
      errors: {
        documents: 'Des documents obligatoires manquent',
        proposals: 'Moins de 3 biens avec une adresse exacte',
      },
    });
    spec
      .given(leaseFetched)
      .when(changeStage('awaitingSignature', operator, { readiness: READY }))
      .then(moved('leaseFetched', 'awaitingSignature'));
    spec
      .given([projectCreated, complete, stageChanged('projectCreated', 'leaseFetched')])
      .when(changeStage('awaitingSignature', operator, { readiness: READY }))
      .thenThrows(message, 'invalid');
  });

  it('accepts submittedToHil with missing documents once the override is set', () => {
    const signed = [
      projectCreated,
      complete,
      estateChosen,
      stageChanged('projectCreated', 'signed'),
    ];
    const message = 'Un bien doit avoir été retenu et au moins 3 biens doivent avoir été visités';
    spec
      .given(signed)
      .when(
        changeStage('submittedToHil', operator, {
          readiness: { ...READY, documents: 'incomplete' },
        }),
      )
      .thenThrows(message, 'invalid');
    spec
      .given(signed)
      .when(
        changeStage('submittedToHil', operator, {
          readiness: { ...READY, documents: 'incomplete-submission' },
        }),
      )
      .then(moved('signed', 'submittedToHil'));
  });

  it("refuses Paid without a reloc assignee: 'Impossible d'affecter à cette colonne'", () => {
    spec
      .given(sentToAL)
      .when(changeStage('paid', superadmin))
      .thenThrows("Impossible d'affecter à cette colonne");
    spec
      .given([...sentToAL, assigned('reloc', 'REL')])
      .when(changeStage('paid', superadmin, { readiness: READY }))
      .then(moved('sentToAL', 'paid'));
  });

  it('lets only the super admin move to Paid', () => {
    for (const actor of [operator, sale, vendor, admin])
      spec
        .given([...sentToAL, assigned('reloc', 'REL'), assigned('sale', vendor.trigram)])
        .when(changeStage('paid', actor))
        .thenThrows('Réservé au super admin', 'forbidden');
  });

  it('lets only admins and the super admin move to relanceAL', () => {
    for (const actor of [operator, sale, vendor])
      spec
        .given([...sentToAL, assigned('sale', vendor.trigram)])
        .when(changeStage('relanceAL', actor))
        .thenThrows('Réservé aux admins', 'forbidden');
    for (const actor of [admin, superadmin])
      spec
        .given(sentToAL)
        .when(changeStage('relanceAL', actor, { readiness: READY }))
        .then(moved('sentToAL', 'relanceAL'));
  });

  it('refuses any stage before sentToAL once it is reached, for everyone', () => {
    for (const actor of STAFF)
      spec
        .given([
          ...sentToAL,
          assigned('sale', vendor.trigram),
          stageChanged('sentToAL', 'relanceAL'),
        ])
        .when(changeStage('submittedToHil', actor, { readiness: READY }))
        .thenThrows("Impossible d'affecter à cette colonne", 'forbidden');
    spec
      .given([...sentToAL, stageChanged('sentToAL', 'relanceAL')])
      .when(changeStage('sentToAL', admin, { readiness: READY }))
      .then(moved('relanceAL', 'sentToAL'));
  });

  describe('the completeness gate cannot be jumped (issue 15 point 1)', () => {
    const nearlyEmpty = [projectCreated];
    it('refuses every target from toAssign on to a non-super-admin, listing the missing fields', () => {
      for (const to of ['researchStarted', 'caseAccepted', 'leaseFetched', 'signed'])
        for (const actor of [operator, sale, admin])
          spec
            .given(nearlyEmpty)
            .when(changeStage(to, actor))
            .thenThrows('Dossier incomplet', 'invalid');
      expect(stageMoveRefusal(fold(nearlyEmpty), 'caseAccepted', operator)?.errors).toMatchObject({
        civility: 'Civilité',
        typeOfEstate: expect.any(String),
      });
    });

    it('asks each target its own validation set (researchStarted needs the search fields)', () => {
      const shared = [projectCreated, fieldsChanged(SHARED_COMPLETE)];
      spec.given(shared).when(changeStage('toAssign')).then(moved('projectCreated', 'toAssign'));
      spec
        .given(shared)
        .when(changeStage('researchStarted'))
        .thenThrows('Dossier incomplet', 'invalid');
      spec
        .given([projectCreated, fieldsChanged({ ...SHARED_COMPLETE, ...SEARCH_COMPLETE })])
        .when(changeStage('caseAccepted'))
        .then(moved('projectCreated', 'caseAccepted'));
    });

    it('needs canSubmit for every target from submittedToHil on', () => {
      const ready = [projectCreated, complete, estateChosen];
      for (const to of ['sentToAL', 'submittedToHil'])
        spec
          .given(ready)
          .when(changeStage(to, admin, { readiness: { ...READY, documents: 'incomplete' } }))
          .thenThrows(
            'Un bien doit avoir été retenu et au moins 3 biens doivent avoir été visités',
            'invalid',
          );
      spec
        .given(ready)
        .when(changeStage('sentToAL', operator, { readiness: READY }))
        .then(moved('projectCreated', 'sentToAL'));
    });

    it('lets the super admin place a file anywhere, the event naming what was bypassed', () => {
      spec
        .given(nearlyEmpty)
        .when(changeStage('sentToAL', superadmin))
        .then([
          {
            type: 'ProjectStageChanged',
            data: {
              projectId: PROJECT_ID,
              from: 'projectCreated',
              to: 'sentToAL',
              at: AT,
              bypassed: expect.arrayContaining(['civility', 'chosenEstate', 'documents']),
            },
          } as unknown as ProjectEvent,
        ]);
    });
  });

  it('refuses visitScheduled, a read-only column, to everyone (issue 15 point 2)', () => {
    const researching = [
      projectCreated,
      complete,
      stageChanged('projectCreated', 'researchStarted'),
    ];
    for (const actor of [operator, admin, superadmin])
      spec
        .given(researching)
        .when(changeStage('visitScheduled', actor))
        .thenThrows("Impossible d'affecter à cette colonne", 'invalid');
  });

  describe('who may move a file (§6, issue 15 point 18)', () => {
    it('refuses a VENDOR with no role on the file, whatever the target', () => {
      for (const to of ['toCall', 'signed'])
        spec
          .given([projectCreated])
          .when(changeStage(to, vendor))
          .thenThrows("Vous n'avez pas de rôle sur ce dossier", 'forbidden');
      expect(canMoveProject(fold([projectCreated]), vendor)).toBe(false);
    });

    it('lets a VENDOR holding a role move it, and every other staff role any file', () => {
      for (const role of ['lead', 'sale', 'reloc'] as const)
        spec
          .given([projectCreated, assigned(role, vendor.trigram)])
          .when(changeStage('toCall', vendor))
          .then(moved('projectCreated', 'toCall'));
      for (const actor of [operator, sale, admin, superadmin])
        expect(canMoveProject(fold([projectCreated]), actor)).toBe(true);
      expect(canMoveProject(fold([projectCreated]), user)).toBe(false);
    });
  });

  it('records the stage date in progress and the new currentProgress', () => {
    const state = [
      projectCreated,
      stageChanged('projectCreated', 'toCall', '2026-11-23T08:00:00.000Z'),
    ].reduce(projectDecider.evolve, projectDecider.initialState());
    expect(state.currentProgress).toBe('toCall');
    expect(state.progress).toEqual({ projectCreated: AT, toCall: '2026-11-23T08:00:00.000Z' });
  });
});
