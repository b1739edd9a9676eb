import type { BillingEntry, Outstanding } from '../types';

export const entry = (n: number, extra: Partial<BillingEntry> = {}): BillingEntry => ({
  _id: `65a1b2c3d4e5f607182900${String(n).padStart(2, '0')}`,
  actor: 'JBE',
  actorId: 'u2',
  trigram: 'JBE',
  firstName: 'Julien',
  lastName: 'Bernard',
  month: '2026-11',
  date: '2026-11-01T00:00:00.000Z',
  total: 16500,
  custom: 0,
  confirmed: false,
  confirmedAt: null,
  projects: [
    {
      _id: '65a1b2c3d4e5f60718299999',
      lineId: 'l1',
      firstName: 'Billie',
      lastName: 'Factura',
      step: 'sentToAL',
      amount: 16500,
      roles: ['reloc', 'visits'],
    },
  ],
  ...extra,
});

export const outstanding = (extra: Partial<Outstanding> = {}): Outstanding => ({
  _id: 'u2',
  trigram: 'JBE',
  firstName: 'Julien',
  lastName: 'Bernard',
  due: 16500,
  custom: -1250,
  forecast: 3000,
  total: 18250,
  projects: [
    ...entry(1).projects,
    {
      _id: '65a1b2c3d4e5f60718298888',
      lineId: null,
      firstName: 'Paul',
      lastName: 'Prévu',
      step: 'forecast',
      amount: 3000,
      roles: ['visits'],
    },
  ],
  ...extra,
});
