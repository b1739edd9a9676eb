import type { CommandBus } from '@nestjs/cqrs';
import type { RewardsPatch, Role } from '@reloc/domain';
import type { EventStore } from '@reloc/eventstore';
import { SYSTEM_ACTOR } from '../auth/current-user';
import { UpdateUserCommand } from '../users/commands/user-commands';
import type { UsersReadModel } from '../users/users.read-model';
import { DEMO_ACCOUNTS } from './demo-staff';

export const DEMO_BILLING_MARKER_STREAM = 'seed-demo-billing';
const MARKER = DEMO_BILLING_MARKER_STREAM;

/** Demo reward grids (euros) per role, so the demo's billing shows figures. */
const REWARDS: Partial<Record<Role, RewardsPatch>> = {
  OPERATOR: {
    sentToAL: { reloc: 150, dispatcher: 20, visits: 15, allRolesBonus: 50 },
    paid: { reloc: 100, dispatcher: 10, visits: 5, allRolesBonus: 50 },
  },
  SALE: {
    sentToAL: { lead: 40, sale: 80, visits: 10, allRolesBonus: 50 },
    paid: { lead: 20, sale: 60, visits: 5, allRolesBonus: 50 },
  },
  ADMIN: {
    sentToAL: { dispatcher: 25, alsender: 30, allRolesBonus: 50 },
    paid: { dispatcher: 15, alsender: 20, allRolesBonus: 50 },
  },
};

/**
 * Gives the demo staff non-zero rewards, once (a marker stream records it). Run right after
 * the demo staff, so the demo files reaching sentToAL and paid earn their assignees.
 */
export async function seedDemoBilling(
  store: EventStore,
  commands: CommandBus,
  users: UsersReadModel,
): Promise<void> {
  if ((await store.readStream(MARKER, { maxCount: 1 })).length) return;
  for (const account of DEMO_ACCOUNTS) {
    const rewards = REWARDS[account.role];
    if (!rewards || account.deactivated || !users.findByEmail(account.email)) continue;
    await commands.execute(new UpdateUserCommand(SYSTEM_ACTOR, account.email, { rewards }));
  }
  await store.appendToStream(
    MARKER,
    [
      {
        type: 'DemoBillingSeeded',
        data: {},
        metadata: { actor: SYSTEM_ACTOR, at: new Date().toISOString() },
      },
    ],
    { expectedRevision: 'no_stream' },
  );
}
