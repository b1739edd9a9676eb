import { deciderSpec } from '../testing/decider-spec';
import {
  checkClientMail,
  clientMailDecider,
  handoverOf,
  masterPasswordDecider,
  masterPasswordValid,
} from './admin';
import { userDecider, UserEvent } from './user.decider';

const AT = '2026-11-22T10:00:00.000Z';

describe('handing files over to a replacement', () => {
  const roles = ['lead', 'sale', 'dispatcher', 'reloc', 'alsender'];
  it('moves every slot the deactivated member holds, and only those', () => {
    expect(
      handoverOf(
        { prescriptor: 'JBE', lead: 'JBE', sale: 'SPE', reloc: 'JBE' },
        'JBE',
        'CDU',
        roles,
      ),
    ).toEqual([
      { role: 'lead', from: 'JBE', to: 'CDU' },
      { role: 'reloc', from: 'JBE', to: 'CDU' },
    ]);
  });
  it('moves nothing when the replacement is the same member or the file has no slot', () => {
    expect(handoverOf({ lead: 'JBE' }, 'JBE', 'JBE', roles)).toEqual([]);
    expect(handoverOf(null, 'JBE', 'CDU', roles)).toEqual([]);
  });
});

describe('impersonation', () => {
  const spec = deciderSpec(userDecider);
  const created = (role: 'OPERATOR' | 'USER'): UserEvent => ({
    type: 'UserCreated',
    data: {
      userId: 'u1',
      email: 'j@reloc.fr',
      firstName: 'J',
      lastName: 'B',
      role,
      trigram: null,
      createdAt: AT,
    },
  });
  const by = { id: 'root', email: 'root@reloc.fr' };
  it('records who impersonated whom and when', () => {
    spec
      .given([created('OPERATOR')])
      .when({ type: 'RecordImpersonation', by, at: AT })
      .then([
        {
          type: 'UserImpersonated',
          data: {
            userId: 'u1',
            email: 'j@reloc.fr',
            byUserId: 'root',
            byEmail: 'root@reloc.fr',
            at: AT,
          },
        },
      ]);
  });
  it('refuses a client, a deactivated account and oneself', () => {
    spec
      .given([created('USER')])
      .when({ type: 'RecordImpersonation', by, at: AT })
      .thenThrows('Un client ne peut pas être incarné dans le back-office', 'invalid');
    spec
      .given([
        created('OPERATOR'),
        { type: 'UserDeactivated', data: { userId: 'u1', replacedBy: 'x' } },
      ])
      .when({ type: 'RecordImpersonation', by, at: AT })
      .thenThrows('Ce compte est désactivé : il ne peut pas être incarné', 'invalid');
    spec
      .given([created('OPERATOR')])
      .when({ type: 'RecordImpersonation', by: { id: 'u1', email: 'j@reloc.fr' }, at: AT })
      .thenThrows('Vous ne pouvez pas vous incarner vous-même', 'invalid');
  });
});

describe('master password', () => {
  it('is enabled until it expires', () => {
    const [event] = masterPasswordDecider.decide(
      {
        type: 'EnableMasterPassword',
        email: ' Lea@Exemple.fr',
        userId: null,
        projectId: 'p1',
        passwordHash: 'h',
        at: AT,
        expiresAt: '2026-11-23T10:00:00.000Z',
      },
      null,
    );
    expect(event.data.email).toBe('lea@exemple.fr');
    const state = masterPasswordDecider.evolve(null, event);
    expect(masterPasswordValid(state, AT)).toBe(true);
    expect(masterPasswordValid(state, '2026-11-24T00:00:00.000Z')).toBe(false);
  });
});

describe('client mails', () => {
  it('needs a known type and a client address', () => {
    expect(checkClientMail('onboarding', 'a@b.fr')).toBe('onboarding');
    expect(() => checkClientMail('spam', 'a@b.fr')).toThrow('Type de courriel inconnu');
    expect(() => checkClientMail('mobilipass', null)).toThrow('Le client n’a pas d’adresse e-mail');
  });
  it('records a send once', () => {
    const command = {
      type: 'RecordClientMail' as const,
      mailId: 'm1',
      projectId: 'p1',
      mailType: 'mission_done',
      to: 'Lea@Exemple.fr',
      subject: 'Fin',
      transport: 'outbox' as const,
      messageId: null,
      file: 'm1.eml',
      at: AT,
    };
    const events = clientMailDecider.decide(command, { sent: false });
    expect(events[0].data).toMatchObject({ to: 'lea@exemple.fr', mailType: 'mission_done' });
    expect(clientMailDecider.decide(command, { sent: true })).toEqual([]);
  });
});
