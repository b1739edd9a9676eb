import { api } from '../../shared/api/client';
import type { DashboardQuery, DashboardReport } from './types';

export const fetchDashboard = (query: DashboardQuery, signal?: AbortSignal) =>
  api.post<DashboardReport>('/reports/dashboard', query, { signal });
