import { deciderSpec } from '../testing/decider-spec';
import { AnnouncementEvent, announcementDecider } from './announcement.decider';
import {
  allowedAnnouncementStatuses,
  ANNOUNCEMENT_STATUS_MESSAGES,
  conversionRefusal,
} from './announcement-status';
import { leadProjectDecider } from './lead';

/** Issue 15 point 9: an announcement's status and link agree. */
const spec = deciderSpec(announcementDecider);
const actor = { id: 'u1', role: 'SALE', trigram: 'SPE' };
const by = { id: 'u1', trigram: 'SPE' };
const at = '2026-11-22T10:00:00.000Z';
const announcementId = '6740a0000000000000000001';
const projectId = '6740a0000000000000000002';
const created: AnnouncementEvent = {
  type: 'AnnouncementCreated',
  data: {
    announcementId,
    fields: {
      title: 'Studio à Lyon',
      url: 'https://annonces.example.fr/1',
      address: '10 rue de la République, Lyon',
      description: 'Cherche un studio meublé',
      saleTrigram: 'SPE',
      contactName: 'Marie Dupont',
      contactPhoneNumber: null,
      contactEmail: 'marie@example.fr',
    },
    currentProgress: 'prospect',
    createdAt: at,
    by,
  },
};
const converted: AnnouncementEvent = {
  type: 'AnnouncementConverted',
  data: { announcementId, projectId, at, by },
};
const stopped: AnnouncementEvent = {
  type: 'AnnouncementUpdated',
  data: {
    announcementId,
    changes: {},
    status: { from: 'prospect', to: 'stopped', reason: 'Injoignable' },
    at,
    by,
  },
};
const setStatus = (currentProgress: string, stopReason?: string) =>
  ({ type: 'UpdateAnnouncement', changes: {}, currentProgress, stopReason, actor, at }) as const;

describe('announcement status and link (issue 15 point 9)', () => {
  it('given an unlinked announcement, when set to ok by hand, then refused', () => {
    spec
      .given([created])
      .when(setStatus('ok'))
      .thenThrows(ANNOUNCEMENT_STATUS_MESSAGES.okNeedsProject, 'invalid');
  });

  it('given nothing, when created at ok without a project, then refused', () => {
    spec
      .given([])
      .when({
        type: 'CreateAnnouncement',
        announcementId,
        fields: created.type === 'AnnouncementCreated' ? created.data.fields : {},
        status: 'ok',
        actor,
        at,
      })
      .thenThrows(ANNOUNCEMENT_STATUS_MESSAGES.okNeedsProject, 'invalid');
  });

  it.each(['prospect', 'toCallback', 'waiting'])(
    'given a converted announcement, when set back to %s, then refused',
    (status) => {
      spec
        .given([created, converted])
        .when(setStatus(status))
        .thenThrows(ANNOUNCEMENT_STATUS_MESSAGES.convertedStays, 'invalid');
    },
  );

  it('given a converted announcement, when stopped with a reason, then it stops', () => {
    spec
      .given([created, converted])
      .when(setStatus('stopped', 'Projet annulé'))
      .then([
        {
          type: 'AnnouncementUpdated',
          data: {
            announcementId,
            changes: {},
            status: { from: 'ok', to: 'stopped', reason: 'Projet annulé' },
            at,
            by,
          },
        },
      ]);
  });

  it('given a stopped announcement, when converted, then refused', () => {
    spec
      .given([created, stopped])
      .when({ type: 'LinkAnnouncementProject', projectId, actor, at })
      .thenThrows(ANNOUNCEMENT_STATUS_MESSAGES.stoppedNotConvertible, 'invalid');
  });

  it('tells the console what to offer', () => {
    expect(allowedAnnouncementStatuses({ currentProgress: 'prospect', projectId: null })).toEqual([
      'prospect',
      'toCallback',
      'waiting',
      'stopped',
    ]);
    expect(allowedAnnouncementStatuses({ currentProgress: 'ok', projectId })).toEqual([
      'ok',
      'stopped',
    ]);
    expect(conversionRefusal({ currentProgress: 'stopped', projectId: null })).toBe(
      ANNOUNCEMENT_STATUS_MESSAGES.stoppedNotConvertible,
    );
    expect(conversionRefusal({ currentProgress: 'waiting', projectId: null })).toBeNull();
  });
});

describe('conversion carries description and address (issue 15 point 20)', () => {
  it('writes them into the client file as the client-written texts', () => {
    const [event] = leadProjectDecider.decide(
      {
        type: 'CreateLeadProject',
        projectId,
        lead: {
          email: 'marie@example.fr',
          descEstate: ' Cherche un studio meublé ',
          futurNeighborhood: '10 rue de la République, Lyon',
        },
        actor,
        at,
      },
      leadProjectDecider.initialState(),
    );
    expect(event.type === 'ProjectCreated' && event.data.fields).toMatchObject({
      descEstate: 'Cherche un studio meublé',
      futurNeighborhood: '10 rue de la République, Lyon',
    });
  });
});
