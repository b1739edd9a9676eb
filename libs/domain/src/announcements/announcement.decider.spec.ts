import { deciderSpec } from '../testing/decider-spec';
import { AnnouncementEvent, announcementDecider } from './announcement.decider';
import { leadProjectDecider } from './lead';
import { splitContactName } from './announcement';

const spec = deciderSpec(announcementDecider);
const actor = { id: 'u1', role: 'SALE', trigram: 'SPE' };
const at = '2026-11-22T10:00:00.000Z';
const id = '6740a0000000000000000001';
const fields = {
  title: 'Studio à Lyon',
  url: 'https://annonces.example.fr/1',
  address: '10 rue de la République, Lyon',
  description: null,
  saleTrigram: 'SPE',
  contactName: 'Marie Dupont',
  contactPhoneNumber: null,
  contactEmail: 'marie@example.fr',
};
const created: AnnouncementEvent = {
  type: 'AnnouncementCreated',
  data: {
    announcementId: id,
    fields,
    currentProgress: 'prospect',
    createdAt: at,
    by: { id: 'u1', trigram: 'SPE' },
  },
};

describe('announcement decider', () => {
  it('creates with title, url and address required', () => {
    spec
      .given([])
      .when({ type: 'CreateAnnouncement', announcementId: id, fields, actor, at })
      .then([created]);
    spec
      .given([])
      .when({ type: 'CreateAnnouncement', announcementId: id, fields: { title: ' ' }, actor, at })
      .thenThrows('Requête invalide', 'invalid');
  });

  it('refuses a USER', () => {
    spec
      .given([created])
      .when({ type: 'MarkAnnouncementSeen', actor: { ...actor, role: 'USER' }, at })
      .thenThrows('Accès refusé', 'forbidden');
  });

  it('keeps only changed fields and refuses clearing a required one', () => {
    spec
      .given([created])
      .when({ type: 'UpdateAnnouncement', changes: { title: 'Studio à Lyon' }, actor, at })
      .thenNothing();
    spec
      .given([created])
      .when({ type: 'UpdateAnnouncement', changes: { url: '' }, actor, at })
      .thenThrows('Requête invalide', 'invalid');
  });

  it('stops only with a reason', () => {
    spec
      .given([created])
      .when({ type: 'UpdateAnnouncement', changes: {}, currentProgress: 'stopped', actor, at })
      .thenThrows('Requête invalide', 'invalid');
    spec
      .given([created])
      .when({
        type: 'UpdateAnnouncement',
        changes: {},
        currentProgress: 'stopped',
        stopReason: ' Trouvé seul ',
        actor,
        at,
      })
      .then([
        {
          type: 'AnnouncementUpdated',
          data: {
            announcementId: id,
            changes: {},
            status: { from: 'prospect', to: 'stopped', reason: 'Trouvé seul' },
            at,
            by: { id: 'u1', trigram: 'SPE' },
          },
        },
      ]);
  });

  it('links a project once', () => {
    const converted: AnnouncementEvent = {
      type: 'AnnouncementConverted',
      data: { announcementId: id, projectId: 'p1', at, by: { id: 'u1', trigram: 'SPE' } },
    };
    spec
      .given([created])
      .when({ type: 'LinkAnnouncementProject', projectId: 'p1', actor, at })
      .then([converted]);
    spec
      .given([created, converted])
      .when({ type: 'LinkAnnouncementProject', projectId: 'p2', actor, at })
      .thenNothing();
  });

  it('splits a contact name', () => {
    expect(splitContactName('Marie  De La Tour')).toEqual({
      firstName: 'Marie',
      lastName: 'De La Tour',
    });
    expect(splitContactName(null)).toEqual({ firstName: '', lastName: '' });
  });
});

describe('lead project decider', () => {
  const lead = deciderSpec(leadProjectDecider);
  it('needs a valid e-mail only', () => {
    lead
      .given([])
      .when({ type: 'CreateLeadProject', projectId: 'p1', lead: { email: 'x' }, actor, at })
      .thenThrows('Requête invalide', 'invalid');
    const events = leadProjectDecider.decide(
      {
        type: 'CreateLeadProject',
        projectId: 'p1',
        lead: { email: 'Lead@Example.fr', sale: 'SPE' },
        actor,
        at,
      },
      leadProjectDecider.initialState(),
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'ProjectCreated',
      data: { fields: { userId: 'lead@example.fr' }, assignees: { sale: 'SPE' } },
    });
  });
});
