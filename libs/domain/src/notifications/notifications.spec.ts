import { deciderSpec } from '../testing/decider-spec';
import {
  describeNotification,
  notificationPaging,
  notificationRecipients,
  UNKNOWN_NOTIFICATION,
} from './notification';
import { seenDecider } from './notifications.decider';

const ME = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const N1 = '111111111111111111111111';
const N2 = '222222222222222222222222';
const ids: Record<string, string> = { JBE: 'j'.repeat(24), SPE: 's'.repeat(24) };
const idOf = (trigram: string) => ids[trigram] ?? null;

describe('notification recipients', () => {
  it('are the assignees, each once, never the author nor the prescriptor', () => {
    const assignees = { prescriptor: N1, lead: 'SPE', sale: 'SPE', reloc: 'JBE', alsender: 'XXX' };
    expect(notificationRecipients(assignees, idOf, null).sort()).toEqual([ids.JBE, ids.SPE].sort());
    expect(notificationRecipients(assignees, idOf, ids.JBE)).toEqual([ids.SPE]);
    expect(notificationRecipients({}, idOf, null)).toEqual([]);
  });
});

describe('describeNotification', () => {
  const staff = { _id: ids.JBE, trigram: 'JBE', owner: 'hil' as const };
  it('says what happened, in French', () => {
    expect(
      describeNotification({
        kind: 'ProjectCommentTrace',
        params: { text: 'Appeler le client\ndemain' },
        user: staff,
        document: null,
        evaluation: null,
      }),
    ).toBe('JBE a commenté le dossier : « Appeler le client demain »');
    expect(
      describeNotification({
        kind: 'ProposalEvaluation',
        params: {},
        user: { _id: null, trigram: null, owner: 'user' },
        document: null,
        evaluation: 'disliked',
      }),
    ).toBe('Le client n’a pas aimé un bien proposé');
    expect(
      describeNotification({
        kind: 'ProjectDocumentTrace',
        params: {},
        user: staff,
        document: { title: 'Bulletins de salaire' },
        evaluation: null,
      }),
    ).toBe('JBE a déposé un fichier dans « Bulletins de salaire »');
  });
  it("reads an unknown kind as 'Évènement inconnu'", () => {
    expect(
      describeNotification({
        kind: 'Other',
        params: {},
        user: null,
        document: null,
        evaluation: null,
      }),
    ).toBe(UNKNOWN_NOTIFICATION);
    expect(UNKNOWN_NOTIFICATION).toBe('Évènement inconnu');
  });
  it('cuts long texts', () => {
    const text = 'x'.repeat(200);
    const out = describeNotification({
      kind: 'ProposalReport',
      params: { text },
      user: staff,
      document: null,
      evaluation: null,
    });
    expect(out.length).toBeLessThan(140);
    expect(out).toContain('…');
  });
});

describe('notificationPaging', () => {
  it('takes a zero-based page and 100 or 200 rows', () => {
    expect(notificationPaging(undefined, undefined)).toEqual({ page: 0, pageSize: 100 });
    expect(notificationPaging('2', '200')).toEqual({ page: 2, pageSize: 200 });
    // The message names the rule that failed (issue 15 point 14).
    expect(notificationPaging('-1', '50')).toEqual({
      errors: { page: 'Doit être supérieur ou égal à 0', pageSize: 'Invalide (100 ou 200)' },
    });
    expect(notificationPaging('x', '100')).toEqual({
      errors: { page: 'Doit être un nombre entier' },
    });
  });
});

describe('seen decider', () => {
  const spec = deciderSpec(seenDecider);
  const at = '2026-11-23T10:00:00.000Z';
  it('records the notifications newly read, once', () => {
    spec
      .given([])
      .when({ type: 'MarkNotificationsSeen', userId: ME, ids: [N1, N1, N2], at })
      .then([{ type: 'NotificationsSeen', data: { userId: ME, ids: [N1, N2], at } }]);
    spec
      .given([{ type: 'NotificationsSeen', data: { userId: ME, ids: [N1], at } }])
      .when({ type: 'MarkNotificationsSeen', userId: ME, ids: [N1], at })
      .thenNothing();
  });
  it('refuses ids that are not ids', () => {
    spec
      .given([])
      .when({ type: 'MarkNotificationsSeen', userId: ME, ids: ['nope'], at })
      .thenThrows('Requête invalide', 'invalid');
  });
  it('records a prospect opened', () => {
    spec
      .given([])
      .when({ type: 'RecordProspectSeen', userId: ME, prospectId: N1, at })
      .then([{ type: 'ProspectSeen', data: { userId: ME, prospectId: N1, at } }]);
  });
});
