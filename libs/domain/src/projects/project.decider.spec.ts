import { fold } from '../shared/decider';
import { deciderSpec } from '../testing/decider-spec';
import {
  AT,
  HOST_ID,
  PRESCRIBER_ID,
  PROJECT_ID,
  STAFF,
  admin,
  assigned,
  command,
  operator,
  otherOperator,
  projectCreated,
  sale,
  stageChanged,
  superadmin,
  user,
  vendor,
} from '../testing/project-fixtures';
import { activeAlertsAt } from './alerts';
import { abandonCommentText, abortMotivationErrors } from './abandon';
import { inactiveAssignees } from './assignees';
import { NON_ELIGIBILITY_REASONS } from './enums';
import { CreateProject, CustomerPayload, ProjectCommand } from './project.commands';
import { projectDecider } from './project.decider';
import { ProjectEvent } from './project.events';

const spec = deciderSpec(projectDecider);
const when = (body: Record<string, unknown>, by = operator) =>
  command(body as Omit<ProjectCommand, 'actor' | 'at'>, by);
const event = (type: string, data: Record<string, unknown>) =>
  [{ type, data: { projectId: PROJECT_ID, ...data } }] as ProjectEvent[];
const sentToAL = [projectCreated, stageChanged('projectCreated', 'sentToAL')];

const paris = { label: 'Paris 75011', lat: 48.85, lng: 2.38, city: 'Paris' };
const payload: CustomerPayload = {
  email: '  Camille.Martin@Example.FR ',
  firstName: 'Camille',
  lastName: 'Martin',
  phoneNumber: '06 12 34 56 78',
  company: 'Acme',
  actualCity: 'Paris 75011',
  fromAddressObject: paris,
  assignees: { lead: 'SAL' },
};
const create = (fields: CustomerPayload, by = sale) =>
  command<CreateProject>({ type: 'CreateProject', projectId: PROJECT_ID, fields }, by);

describe('CreateProject', () => {
  it('refuses assignees who are not active staff when the staff list is given', () => {
    const withStaff = (fields: CustomerPayload, activeStaff: string[]) =>
      command<CreateProject>(
        { type: 'CreateProject', projectId: PROJECT_ID, fields, activeStaff },
        sale,
      );
    spec
      .given([])
      .when(withStaff({ ...payload, assignees: { lead: 'SAL', reloc: 'AFO' } }, ['SAL']))
      .thenThrows('Requête invalide', 'invalid');
    expect(
      projectDecider.decide(withStaff(payload, ['SAL']), projectDecider.initialState()),
    ).toHaveLength(1);
  });

  it('creates the project with a lowercased e-mail at projectCreated', () => {
    const [created] = projectDecider.decide(create(payload), projectDecider.initialState());
    expect(created).toMatchObject({
      type: 'ProjectCreated',
      data: {
        projectId: PROJECT_ID,
        fields: { userId: 'camille.martin@example.fr', company: 'Acme', fromAddressObject: paris },
        assignees: { lead: 'SAL', reloc: null, prescriptor: null },
        createdAt: AT,
      },
    });
    const state = projectDecider.evolve(projectDecider.initialState(), created);
    expect(state).toMatchObject({
      _id: PROJECT_ID,
      revision: 0,
      currentProgress: 'projectCreated',
      progress: { projectCreated: AT },
      stopped: false,
      createdAt: AT,
    });
  });

  it("refuses a missing company: 'L'entreprise est obligatoire'", () => {
    spec
      .given([])
      .when(create({ ...payload, company: '  ' }))
      .thenThrows("L'entreprise est obligatoire", 'invalid');
  });

  it('refuses a bad e-mail, missing names and a current city not chosen among suggestions', () => {
    let caught: unknown;
    try {
      projectDecider.decide(
        create({ ...payload, email: 'nope', firstName: '', fromAddressObject: null }),
        projectDecider.initialState(),
      );
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({
      message: 'Requête invalide',
      kind: 'invalid',
      errors: {
        email: 'Doit être une adresse e-mail valide.',
        firstName: 'Obligatoire',
        actualCity: 'Choisissez une adresse proposée',
      },
    });
  });

  it('takes a prescriptor only as 24 hexadecimal characters', () => {
    spec
      .given([])
      .when(create({ ...payload, assignees: { prescriptor: 'school-42' } }))
      .thenThrows('Requête invalide', 'invalid');
    const [created] = projectDecider.decide(
      create({ ...payload, assignees: { prescriptor: PRESCRIBER_ID } }),
      projectDecider.initialState(),
    );
    expect(created.data).toMatchObject({ assignees: { prescriptor: PRESCRIBER_ID } });
  });

  it('refuses to create twice, and refuses USER', () => {
    spec
      .given([projectCreated])
      .when(create(payload))
      .thenThrows('Ce dossier existe déjà', 'conflict');
    spec.given([]).when(create(payload, user)).thenThrows('Réservé aux admins', 'forbidden');
  });
});

describe('StopProject and RestartProject', () => {
  const reason = NON_ELIGIBILITY_REASONS[5].key;

  it('has the 14 reasons of the spec', () => {
    expect(NON_ELIGIBILITY_REASONS).toHaveLength(14);
    expect(new Set(NON_ELIGIBILITY_REASONS.map((r) => r.key)).size).toBe(14);
  });

  it('stops with a reason and optional alert-skip days; restart clears it', () => {
    spec
      .given([projectCreated])
      .when(when({ type: 'StopProject', reason, alertSkipDays: 0 }))
      .then(event('ProjectStopped', { reason, alertSkipDays: 0, skipAlertsUntil: null, at: AT }));
    spec
      .given([projectCreated])
      .when(when({ type: 'StopProject', reason, alertSkipDays: 7 }))
      .then(
        event('ProjectStopped', {
          reason,
          alertSkipDays: 7,
          skipAlertsUntil: '2026-11-29T10:00:00.000Z',
          at: AT,
        }),
      );
    const stopped = event('ProjectStopped', {
      reason,
      alertSkipDays: 0,
      skipAlertsUntil: null,
      at: AT,
    });
    const state = fold(projectDecider, [projectCreated, ...stopped]);
    expect(state).toMatchObject({
      stopped: true,
      abortMotivation: reason,
      progress: { stopped: AT },
    });
    spec
      .given([projectCreated, ...stopped])
      .when(when({ type: 'RestartProject' }))
      .then(event('ProjectRestarted', { at: AT }));
    const restarted = fold(projectDecider, [
      projectCreated,
      ...stopped,
      ...event('ProjectRestarted', { at: AT }),
    ]);
    expect(restarted).toMatchObject({ stopped: false, abortMotivation: null });
    expect(restarted.progress.stopped).toBeUndefined();
    spec
      .given([projectCreated])
      .when(when({ type: 'RestartProject' }))
      .thenNothing();
  });

  it("refuses an unknown reason ('Invalide' on abortMotivation) or negative skip days", () => {
    spec
      .given([projectCreated])
      .when(when({ type: 'StopProject', reason: 'bored', alertSkipDays: 0 }))
      .thenThrows('Requête invalide', 'invalid');
    expect(abortMotivationErrors('bored')).toEqual({ abortMotivation: 'Invalide' });
    expect(abortMotivationErrors('')).toEqual({ abortMotivation: 'Obligatoire' });
    expect(abortMotivationErrors(reason)).toEqual({});
    expect(abandonCommentText('unresponsive')).toBe('Dossier abandonné : Ne répond plus');
    spec
      .given([projectCreated])
      .when(when({ type: 'StopProject', reason, alertSkipDays: -1 }))
      .thenThrows('Requête invalide', 'invalid');
  });
});

describe('AssignRole', () => {
  const ACTIVE = ['SAL', 'OPE', 'OTH', 'VEN', 'ADM', 'SUP', 'REL'];
  const assign = (role: string, trigram: string | null, by = operator) =>
    when({ type: 'AssignRole', role, trigram, activeStaff: ACTIVE }, by);

  it("accepts only an active staff trigram on every staff role: 'Invalide' on that role (issue 15 point 3)", () => {
    for (const role of ['lead', 'sale', 'dispatcher', 'reloc', 'alsender'])
      for (const trigram of ['AFO', 'ZZZ']) {
        spec
          .given([projectCreated])
          .when(assign(role, trigram, admin))
          .thenThrows('Requête invalide', 'invalid');
        expect(inactiveAssignees({ [role]: trigram }, ACTIVE)).toEqual({
          [`assignees.${role}`]: 'Invalide',
        });
      }
    spec
      .given([
        projectCreated,
        ...event('ProjectAssigneeChanged', { role: 'reloc', from: null, to: 'AFO' }),
      ])
      .when(assign('reloc', null, admin))
      .then(event('ProjectAssigneeChanged', { role: 'reloc', from: 'AFO', to: null }));
    expect(inactiveAssignees({ prescriptor: PRESCRIBER_ID, reloc: 'REL' }, ACTIVE)).toEqual({});
  });

  it('lets admins set and clear any assignee', () => {
    for (const actor of [admin, superadmin]) {
      spec
        .given([projectCreated])
        .when(assign('reloc', 'REL', actor))
        .then(event('ProjectAssigneeChanged', { role: 'reloc', from: null, to: 'REL' }));
      spec
        .given([projectCreated])
        .when(assign('lead', null, actor))
        .then(event('ProjectAssigneeChanged', { role: 'lead', from: 'SAL', to: null }));
    }
  });

  it("lets other staff only take an empty place or clear their own ('self')", () => {
    for (const actor of [operator, sale, vendor]) {
      spec
        .given([projectCreated])
        .when(assign('reloc', actor.trigram, actor))
        .then(event('ProjectAssigneeChanged', { role: 'reloc', from: null, to: actor.trigram }));
      spec
        .given([projectCreated])
        .when(assign('reloc', 'REL', actor))
        .thenThrows(
          'Vous pouvez seulement prendre une place libre ou retirer la vôtre',
          'forbidden',
        );
    }
    spec
      .given([projectCreated])
      .when(assign('lead', null, sale))
      .then(event('ProjectAssigneeChanged', { role: 'lead', from: 'SAL', to: null }));
    spec
      .given([projectCreated])
      .when(assign('lead', null, otherOperator))
      .thenThrows('Vous pouvez seulement prendre une place libre ou retirer la vôtre', 'forbidden');
    spec
      .given([projectCreated])
      .when(assign('lead', 'OTH', otherOperator))
      .thenThrows('Vous pouvez seulement prendre une place libre ou retirer la vôtre', 'forbidden');
  });

  it("leaves the prescriptor ('no-button') to admins, as a 24-hex id", () => {
    spec
      .given([projectCreated])
      .when(assign('prescriptor', PRESCRIBER_ID, operator))
      .thenThrows('Vous pouvez seulement prendre une place libre ou retirer la vôtre', 'forbidden');
    spec
      .given([projectCreated])
      .when(assign('prescriptor', PRESCRIBER_ID, admin))
      .then(
        event('ProjectAssigneeChanged', { role: 'prescriptor', from: null, to: PRESCRIBER_ID }),
      );
    spec
      .given([projectCreated])
      .when(assign('prescriptor', 'ABC', admin))
      .thenThrows('Requête invalide', 'invalid');
  });

  it('refuses unknown roles, bad trigrams, and non-admins after sentToAL; same value is a no-op', () => {
    spec
      .given([projectCreated])
      .when(assign('boss', 'ADM', admin))
      .thenThrows('Requête invalide', 'invalid');
    spec
      .given([projectCreated])
      .when(assign('reloc', 'rel', admin))
      .thenThrows('Requête invalide', 'invalid');
    spec
      .given(sentToAL)
      .when(assign('reloc', 'OPE'))
      .thenThrows("Le dossier n'est plus modifiable", 'forbidden');
    spec
      .given([projectCreated])
      .when(assign('lead', 'SAL', admin))
      .thenNothing();
  });
});

describe('tags, services and the chosen property', () => {
  it('normalises tags and skips a no-op', () => {
    spec
      .given([projectCreated])
      .when(when({ type: 'SetTags', tags: [' VIP ', 'urgent', 'VIP', ''] }))
      .then(event('ProjectTagsChanged', { tags: ['VIP', 'urgent'] }));
    spec
      .given([projectCreated])
      .when(when({ type: 'SetTags', tags: [] }))
      .thenNothing();
    spec
      .given(sentToAL)
      .when(when({ type: 'SetTags', tags: ['x'] }))
      .thenThrows("Le dossier n'est plus modifiable", 'forbidden');
    spec
      .given(sentToAL)
      .when(when({ type: 'SetTags', tags: ['x'] }, admin))
      .then(event('ProjectTagsChanged', { tags: ['x'] }));
  });

  it('toggles a service done (dated) and undone', () => {
    const done = event('ProjectServiceToggled', { name: 'movingQuote', done: AT });
    spec
      .given([projectCreated])
      .when(when({ type: 'SetServiceDone', name: 'movingQuote', done: true }))
      .then(done);
    spec
      .given([projectCreated, ...done])
      .when(when({ type: 'SetServiceDone', name: 'movingQuote', done: true }))
      .thenNothing();
    spec
      .given([projectCreated, ...done])
      .when(when({ type: 'SetServiceDone', name: 'movingQuote', done: false }))
      .then(event('ProjectServiceToggled', { name: 'movingQuote', done: null }));
    const undone = event('ProjectServiceToggled', { name: 'movingQuote', done: null });
    expect(fold(projectDecider, [projectCreated, ...done, ...undone]).services).toEqual([
      { name: 'movingQuote', done: null },
    ]);
  });

  it('refuses a property not proposed on this file (issue 15 point 5)', () => {
    const elsewhere = '6740a1b2c3d4e5f60123ffff';
    spec
      .given([projectCreated])
      .when(when({ type: 'ChooseEstate', hostId: HOST_ID, proposedHostIds: [elsewhere] }))
      .thenThrows('Requête invalide', 'invalid');
    spec
      .given([projectCreated])
      .when(when({ type: 'ChooseEstate', hostId: HOST_ID, proposedHostIds: [] }))
      .thenThrows('Requête invalide', 'invalid');
    let caught: unknown;
    try {
      projectDecider.decide(
        when({ type: 'ChooseEstate', hostId: HOST_ID, proposedHostIds: [] }),
        fold(projectDecider, [projectCreated]),
      );
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({
      errors: { chosenEstate: "Ce bien n'a pas été proposé sur ce dossier" },
    });
  });

  it('chooses a property by its id, or none', () => {
    spec
      .given([projectCreated])
      .when(when({ type: 'ChooseEstate', hostId: HOST_ID, proposedHostIds: [HOST_ID] }))
      .then(event('ProjectEstateChosen', { hostId: HOST_ID }));
    spec
      .given([projectCreated])
      .when(when({ type: 'ChooseEstate', hostId: 'x' }))
      .thenThrows('Requête invalide', 'invalid');
    spec
      .given([projectCreated])
      .when(when({ type: 'ChooseEstate', hostId: null }))
      .thenNothing();
  });
});

describe('alerts and the income override', () => {
  const raised = event('ProjectAlertRaised', { alert: 'noNews', at: AT });

  it("accepts only the known alert and service names, 'Invalide' otherwise (issue 15 point 7)", () => {
    for (const body of [
      { type: 'LiftAlert', alert: 'whatever', days: 7, reason: 'x' },
      { type: 'RaiseAlert', alert: 'whatever' },
      { type: 'SetServiceDone', name: 'spaceTravel', done: true },
    ])
      spec.given([projectCreated]).when(when(body)).thenThrows('Requête invalide', 'invalid');
    for (const alert of ['noNews', 'missingDocuments', 'moveSoon'])
      expect(
        projectDecider.decide(
          when({ type: 'LiftAlert', alert, days: 1, reason: 'Rappelé' }),
          fold(projectDecider, [projectCreated]),
        ),
      ).toHaveLength(1);
    expect(
      projectDecider.decide(
        when({ type: 'SetServiceDone', name: 'welcomerMeeting', done: true }),
        fold(projectDecider, [projectCreated]),
      ),
    ).toHaveLength(1);
  });

  it('lifts an alert for 1, 7 or 14 days with a reason', () => {
    for (const days of [1, 7, 14])
      spec
        .given([projectCreated, ...raised])
        .when(when({ type: 'LiftAlert', alert: 'noNews', days, reason: ' Client en congés ' }))
        .then(
          event('ProjectAlertLifted', {
            alert: 'noNews',
            until: new Date(Date.parse(AT) + days * 86_400_000).toISOString(),
            reason: 'Client en congés',
          }),
        );
  });

  it('refuses other durations and an empty reason', () => {
    spec
      .given([projectCreated, ...raised])
      .when(when({ type: 'LiftAlert', alert: 'noNews', days: 3, reason: 'x' }))
      .thenThrows('Requête invalide', 'invalid');
    spec
      .given([projectCreated, ...raised])
      .when(when({ type: 'LiftAlert', alert: 'noNews', days: 7, reason: '  ' }))
      .thenThrows('Requête invalide', 'invalid');
  });

  it('shows a lifted alert again once the lift expires', () => {
    const lifted = event('ProjectAlertLifted', {
      alert: 'noNews',
      until: '2026-11-29T10:00:00.000Z',
      reason: 'x',
    });
    const state = fold(projectDecider, [projectCreated, ...raised, ...lifted]);
    expect(state.activeAlerts).toEqual([]);
    expect(activeAlertsAt(state, '2026-11-25T00:00:00.000Z')).toEqual([]);
    expect(activeAlertsAt(state, '2026-11-30T00:00:00.000Z')).toEqual(['noNews']);
    spec
      .given([projectCreated, ...raised])
      .when(when({ type: 'RaiseAlert', alert: 'noNews' }))
      .thenNothing();
    spec
      .given([projectCreated, ...raised])
      .when(when({ type: 'ClearAlert', alert: 'noNews' }))
      .then(event('ProjectAlertCleared', { alert: 'noNews' }));
  });

  it("records the overrider's trigram and the date", () => {
    spec
      .given([projectCreated])
      .when(when({ type: 'OverrideIncome' }, sale))
      .then(event('ProjectIncomeOverridden', { trigram: 'SAL', date: AT }));
    const state = fold(projectDecider, [
      projectCreated,
      ...event('ProjectIncomeOverridden', { trigram: 'SAL', date: AT }),
    ]);
    expect(state.overrides.income).toEqual({ trigram: 'SAL', date: AT });
  });
});

describe('super-admin actions', () => {
  const overrides = { sentToAL: { reloc: 120, lead: null }, paid: { visits: 0 } };

  it('sets billing overrides (numbers at least 0, null for computed) for the super admin only', () => {
    spec
      .given([projectCreated])
      .when(when({ type: 'SetBillingOverrides', overrides }, superadmin))
      .then(event('ProjectBillingOverridden', { overrides }));
    for (const actor of [operator, sale, vendor, admin])
      spec
        .given([projectCreated])
        .when(when({ type: 'SetBillingOverrides', overrides }, actor))
        .thenThrows('Réservé au super admin', 'forbidden');
    spec
      .given([projectCreated])
      .when(
        when(
          { type: 'SetBillingOverrides', overrides: { sentToAL: { reloc: -5 }, paid: {} } },
          superadmin,
        ),
      )
      .thenThrows('Requête invalide', 'invalid');
  });

  it('deletes for the super admin only; a deleted project is not found', () => {
    spec
      .given([projectCreated])
      .when(when({ type: 'DeleteProject' }, superadmin))
      .then(event('ProjectDeleted', {}));
    for (const actor of STAFF.filter((a) => a !== superadmin))
      spec
        .given([projectCreated])
        .when(when({ type: 'DeleteProject' }, actor))
        .thenThrows('Réservé au super admin', 'forbidden');
    spec
      .given([projectCreated, ...event('ProjectDeleted', {})])
      .when(when({ type: 'SetTags', tags: ['x'] }))
      .thenThrows('Introuvable', 'notFound');
  });

  it('keeps the reloc assignee set by an admin for the Paid column', () => {
    expect(fold(projectDecider, [projectCreated, assigned('reloc', 'REL')]).assignees.reloc).toBe(
      'REL',
    );
  });
});
