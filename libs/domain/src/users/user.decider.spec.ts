import { fold } from '../shared/decider';
import { deciderSpec } from '../testing/decider-spec';
import { UserCommand, userDecider, UserEvent } from './user.decider';

const spec = deciderSpec(userDecider);
const AT = '2026-11-22T10:00:00.000Z';
const created: UserEvent = {
  type: 'UserCreated',
  data: {
    userId: 'u1',
    email: 'julien.bernard@reloc.fr',
    firstName: 'Julien',
    lastName: 'Bernard',
    role: 'OPERATOR',
    trigram: 'JBE',
    createdAt: AT,
  },
};
const create: UserCommand = {
  type: 'CreateUser',
  userId: 'u1',
  email: '  Julien.Bernard@Reloc.FR ',
  firstName: ' Julien ',
  lastName: 'Bernard',
  role: 'OPERATOR',
  trigram: 'JBE',
  at: AT,
};

describe('user decider', () => {
  it('creates a user with a normalised e-mail and trimmed names', () => {
    spec.given([]).when(create).then([created]);
  });

  it('refuses to create an existing user', () => {
    spec.given([created]).when(create).thenThrows('duplicateMail', 'conflict');
  });

  it('refuses empty names and malformed trigrams', () => {
    spec
      .given([])
      .when({ ...create, firstName: '  ' })
      .thenThrows('Requête invalide', 'invalid');
    spec
      .given([])
      .when({ ...create, trigram: 'jb' })
      .thenThrows('Requête invalide', 'invalid');
  });

  it('records only the fields that change', () => {
    spec
      .given([created])
      .when({
        type: 'UpdateUser',
        changes: {
          firstName: 'Julien',
          lastName: 'Bernard-Roy',
          rewards: { sentToAL: { lead: 0, sale: 25 } },
        },
      })
      .then([
        {
          type: 'UserUpdated',
          data: {
            userId: 'u1',
            changes: { lastName: 'Bernard-Roy', rewards: { sentToAL: { sale: 25 } } },
          },
        },
      ]);
  });

  it('writes nothing for a save that changes nothing', () => {
    spec
      .given([created])
      .when({ type: 'UpdateUser', changes: { firstName: 'Julien', trigram: 'JBE' } })
      .thenNothing();
  });

  it('deactivates SALE, OPERATOR, VENDOR and ADMIN once, never a SUPERADMIN or a USER', () => {
    spec
      .given([created])
      .when({ type: 'DeactivateUser', replacedBy: 'u2' })
      .then([{ type: 'UserDeactivated', data: { userId: 'u1', replacedBy: 'u2' } }]);
    const deactivated: UserEvent = {
      type: 'UserDeactivated',
      data: { userId: 'u1', replacedBy: 'u2' },
    };
    spec
      .given([created, deactivated])
      .when({ type: 'DeactivateUser', replacedBy: 'u2' })
      .thenThrows('Ce compte ne peut pas être désactivé');
    for (const role of ['SUPERADMIN', 'USER'] as const) {
      spec
        .given([{ ...created, data: { ...created.data, role } } as UserEvent])
        .when({ type: 'DeactivateUser', replacedBy: 'u2' })
        .thenThrows('Ce compte ne peut pas être désactivé');
    }
  });

  it('refuses to replace a user by themself', () => {
    spec
      .given([created])
      .when({ type: 'DeactivateUser', replacedBy: 'u1' })
      .thenThrows('Le remplaçant doit être un autre membre de l’équipe');
  });

  it('refuses commands on a missing or deleted user', () => {
    spec.given([]).when({ type: 'DeleteUser' }).thenThrows('Introuvable', 'notFound');
    const deleted: UserEvent = {
      type: 'UserDeleted',
      data: { userId: 'u1', email: 'julien.bernard@reloc.fr' },
    };
    spec
      .given([created, deleted])
      .when({ type: 'UpdateUser', changes: { firstName: 'X' } })
      .thenThrows('Introuvable', 'notFound');
    spec.given([created, deleted]).when(create).then([created]);
  });

  it('folds rewards patches over the previous grid', () => {
    const state = fold(userDecider, [
      created,
      {
        type: 'UserUpdated',
        data: { userId: 'u1', changes: { rewards: { paid: { reloc: 100 }, custom: 20 } } },
      },
      {
        type: 'UserUpdated',
        data: { userId: 'u1', changes: { rewards: { paid: { visits: 30 } } } },
      },
    ]);
    expect(state?.rewards.paid).toMatchObject({ reloc: 100, visits: 30, lead: 0 });
    expect(state?.rewards.custom).toBe(20);
  });
});
