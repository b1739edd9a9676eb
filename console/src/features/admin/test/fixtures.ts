import type { AdminUser } from '../types';

const grid = (n: number) => ({
  lead: n,
  sale: n,
  dispatcher: n,
  reloc: n,
  alsender: n,
  allRolesBonus: n,
  visits: 30,
});

export const adminUser = (id: string, extra: Partial<AdminUser> = {}): AdminUser => ({
  _id: id,
  email: `${id}@reloc.fr`,
  firstName: 'Julien',
  lastName: 'Bernard',
  role: 'OPERATOR',
  trigram: 'JBE',
  version: 1,
  isDeactivated: false,
  createdAt: '2025-01-15T10:00:00.000Z',
  rewards: { sentToAL: grid(40), paid: grid(60), custom: 0 },
  ...extra,
});
