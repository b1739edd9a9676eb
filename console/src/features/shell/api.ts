import { NOTIFICATIONS_PAGE_SIZE } from '../../app/config';
import { api } from '../../shared/api/client';
import type { NotificationItem, StaffMember } from './store';

export const fetchNotifications = (signal?: AbortSignal) =>
  api.get<{ notifications: NotificationItem[]; total: number }>('/notifications', {
    query: { page: 0, pageSize: NOTIFICATIONS_PAGE_SIZE },
    signal,
  });

export const fetchStaff = (signal?: AbortSignal) =>
  api.get<StaffMember[]>('/partner/staff', { signal });

export const fetchRelease = () => api.get<{ ts: number }>('/release.json', { session: false });

export const fetchOnlineStatus = () =>
  api.get<{ ok?: boolean }>('/status.json', { session: false });
