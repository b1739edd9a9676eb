import type { Notification } from '@reloc/domain';
import { api } from '../../shared/api/client';

export type NotificationPage = { notifications: Notification[]; total: number; unseen: number };

/** GET /notifications?page&pageSize: the current user's feed (zero-based page, 100 or 200). */
export const fetchNotificationPage = (page: number, pageSize: number, signal?: AbortSignal) =>
  api.get<NotificationPage>('/notifications', { query: { page, pageSize }, signal });

/** GET /notifications/{id}/disable: one notification read. */
export const disableNotification = (id: string) =>
  api.get<{ _id: string; seen: true }>(`/notifications/${encodeURIComponent(id)}/disable`);

/** Every notification of a file read at once (its page was opened): the ids newly read. */
export const disableProjectNotifications = (projectId: string) =>
  api.post<{ ids: string[] }>(`/notifications/project/${encodeURIComponent(projectId)}/disable`);

/** The user opened a prospect: its tile's flame goes out. */
export const recordProspectSeen = (prospectId: string) =>
  api.post<{ flame: false }>(`/notifications/prospect/${encodeURIComponent(prospectId)}/seen`);
