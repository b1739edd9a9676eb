import type { RewardCategory } from '@reloc/domain';

/** A file's line in a billing entry; amounts are integer cents. */
export type BillingLine = {
  _id: string;
  lineId: string | null;
  firstName: string | null;
  lastName: string | null;
  step: 'sentToAL' | 'paid' | 'forecast';
  amount: number;
  roles: RewardCategory[];
};

/** §3 "Billing entry" as GET /v1/billing returns it. */
export type BillingEntry = {
  _id: string;
  actor: string;
  actorId: string;
  trigram: string | null;
  firstName: string | null;
  lastName: string | null;
  month: string;
  date: string;
  total: number;
  custom: number;
  confirmed: boolean;
  confirmedAt: string | null;
  projects: BillingLine[];
};

export type Outstanding = {
  _id: string;
  trigram: string | null;
  firstName: string | null;
  lastName: string | null;
  due: number;
  custom: number;
  forecast: number;
  total: number;
  projects: BillingLine[];
};

export type BillingHistoryMonth = { month: string; total: number; billings: BillingEntry[] };

export type BillingSortField = 'date' | 'actor' | 'total' | 'custom' | 'confirmed';

export type BillingListQuery = {
  skipZero: boolean;
  from: string;
  to: string;
  page: number;
  pageSize: 100 | 200;
  sortBy: BillingSortField;
  sortDirection: 'asc' | 'desc';
  filter: string;
};
