import type { MailType, Role } from '@reloc/domain';
import { api } from '../../shared/api/client';
import { downloadFile } from '../../shared/api/download';
import type { AdminUser, CacheFile, InactiveStaffRow, SentMail } from './types';

export const USERS_TABLE_ROLES: Role[] = ['OPERATOR', 'SALE', 'ADMIN', 'SUPERADMIN'];

export function fetchUsers(withClients: boolean, search: string, signal?: AbortSignal) {
  const roles = withClients ? [...USERS_TABLE_ROLES, 'USER'] : USERS_TABLE_ROLES;
  return api.post<AdminUser[]>(
    '/users',
    { roles, ...(search.trim() ? { search: search.trim() } : {}) },
    { signal },
  );
}

export const createUser = (body: {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
}) => api.post<AdminUser>('/user', body);

export type UserUpdate = {
  email: string;
  firstName?: string;
  lastName?: string;
  trigram?: string | null;
  role?: Role;
  version?: 1 | 2;
  rewards?: {
    sentToAL?: Record<string, number>;
    paid?: Record<string, number>;
    custom?: number;
  };
};
export const updateUser = (body: UserUpdate) => api.put<AdminUser>('/user', body);

export const deactivateUser = (email: string, replaceBy: string) =>
  api.put<{ message: string; replacedBy: string; files: number }>(
    `/partner/${encodeURIComponent(email)}/deactivate`,
    { replaceBy },
  );

export const deleteUser = (email: string) =>
  api.delete<{ message: string }>(`/user/${encodeURIComponent(email)}`);

export const impersonate = (email: string) =>
  api.post<{ token: string; user: AdminUser }>('/admin/impersonate', { email });

export const addMasterPassword = (target: string) =>
  api.post<{ message: string; email: string; password: string; expiresAt: string }>(
    '/addMasterPassword',
    { target },
  );

export const fetchInactiveStaff = (page: number, pageSize: number, signal?: AbortSignal) =>
  api.get<{ files: InactiveStaffRow[]; total: number }>('/user/inactiveStaff', {
    query: { page, pageSize },
    signal,
  });

export const REPORTS_TARGET = '__reports';
export const fetchReports = (signal?: AbortSignal) =>
  api.get<{ files: CacheFile[] }>(`/cache/for/${REPORTS_TARGET}`, { signal });

export function uploadReport(file: File) {
  const form = new FormData();
  form.append('target', REPORTS_TARGET);
  form.append('file', file);
  return api.post<{ _id: string }>('/cache/upload', form, { query: { type: 'files' } });
}

export const downloadReport = (file: CacheFile) =>
  downloadFile(`/cache/file/${file._id}`, file.name);

export const downloadCompaniesReport = (startDate: string, endDate: string) =>
  downloadFile('/reports/companies', 'companies.xlsx', { startDate, endDate, version: 4 });

export const fetchSentMails = (signal?: AbortSignal) =>
  api.get<{ mails: SentMail[]; total: number; transport: 'smtp' | 'outbox' }>('/mails', {
    query: { page: 0, pageSize: 100 },
    signal,
  });

export const downloadMail = (mail: SentMail) =>
  downloadFile(mail.href?.replace(/^\/v1/, '') ?? '', `${mail._id}.eml`);

export const fetchProjectMails = (projectId: string, signal?: AbortSignal) =>
  api.get<{ mails: SentMail[]; total: number }>(`/projects/${projectId}/mails`, { signal });

export const sendProjectMail = (projectId: string, type: MailType) =>
  api.post<SentMail>(`/projects/${projectId}/mails`, { type });

/** The scheduled backups, as /v1/health reports them (issue 16). */
export type BackupStatus = {
  enabled: boolean;
  everySeconds: number | null;
  keep: number | null;
  running: boolean;
  ageSeconds: number | null;
  last: {
    ok: boolean;
    at: string;
    folder: string | null;
    events: number | null;
    files: number | null;
    bytes: number | null;
    error: string | null;
    lastSuccessAt: string | null;
  } | null;
};

export const fetchBackupStatus = (signal?: AbortSignal) =>
  fetch('/v1/health', { signal }).then(async (response) => {
    const body = (await response.json()) as { backup?: BackupStatus };
    if (!body.backup) throw new Error('health without backup');
    return body.backup;
  });
