import { NOTIFICATIONS_PAGE_SIZE } from '../../app/config';
import { api } from '../../shared/api/client';
import type { NotificationItem, StaffMember } from './store';

/** The shell's calls made early at start-up (shared/api/early.ts), by key. */
export const EARLY_SHELL = {
  status: 'shell:status',
  notifications: 'shell:notifications',
  staff: 'shell:staff',
} as const;

export const fetchNotifications = (signal?: AbortSignal, quiet?: boolean) =>
  api.get<{ notifications: NotificationItem[]; total: number; unseen?: number }>('/notifications', {
    query: { page: 0, pageSize: NOTIFICATIONS_PAGE_SIZE },
    signal,
    quiet,
  });

export const fetchStaff = (signal?: AbortSignal, quiet?: boolean) =>
  api.get<StaffMember[]>('/partner/staff', { signal, quiet });

export const fetchRelease = () => api.get<{ ts: number }>('/release.json', { session: false });

export const fetchOnlineStatus = () =>
  api.get<{ ok?: boolean }>('/status.json', { session: false });
