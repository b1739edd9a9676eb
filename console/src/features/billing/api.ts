import { api } from '../../shared/api/client';
import { downloadFile } from '../../shared/api/download';
import type { BillingEntry, BillingHistoryMonth, BillingListQuery, Outstanding } from './types';

const listQuery = (q: BillingListQuery) => ({
  skipZero: q.skipZero ? 'true' : 'false',
  from: q.from,
  to: q.to,
  page: q.page,
  pageSize: q.pageSize,
  sortBy: q.sortBy,
  sortDirection: q.sortDirection,
  ...(q.filter ? { filter: q.filter } : {}),
});

export const fetchBillings = (q: BillingListQuery, signal?: AbortSignal) =>
  api.get<{ billings: BillingEntry[]; total: number }>('/billing', {
    signal,
    query: listQuery(q),
  });

export const fetchAllOutstanding = (signal?: AbortSignal) =>
  api.get<{ outstanding: Outstanding[] }>('/billing/outstanding', { signal });

export const confirmBilling = (id: string) =>
  api.post<BillingEntry>(`/billing/${encodeURIComponent(id)}/confirm`);

export const fetchMyOutstanding = (signal?: AbortSignal) =>
  api.get<Outstanding>('/user/billing/outstanding', { signal });

export const fetchMyHistory = (from: string, to: string, signal?: AbortSignal) =>
  api.get<{ from: string; to: string; history: BillingHistoryMonth[] }>('/user/billing/history', {
    signal,
    query: { from, to },
  });

export const downloadBillingReport = (type: 'simple' | 'detailed', q: BillingListQuery) =>
  downloadFile('/reports/billing', `pointage-${type}.xlsx`, { type, ...listQuery(q) });

export type BillingOverrides = {
  sentToAL: Partial<Record<string, number | null>>;
  paid: Partial<Record<string, number | null>>;
};

/** PUT /v1/lease/{id}/billing (super admin): per step and category, euros ≥ 0 or null. */
export const putBillingOverrides = (projectId: string, overrides: BillingOverrides) =>
  api.put<{ billingOverrides: BillingOverrides }>(
    `/lease/${encodeURIComponent(projectId)}/billing`,
    overrides,
  );

/** Every entry holding a file's lines (all months). */
export const fetchProjectBillings = (projectId: string, to: string, signal?: AbortSignal) =>
  api.get<{ billings: BillingEntry[]; total: number }>('/billing', {
    signal,
    query: { id: projectId, from: '2000-01', to, pageSize: 200 },
  });
