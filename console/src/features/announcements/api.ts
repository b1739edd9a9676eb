import { ANNOUNCEMENTS_PAGE_SIZE, type Announcement } from '@reloc/domain';
import { api } from '../../shared/api/client';

const path = (id: string) => `/announcements/${encodeURIComponent(id)}`;

/** GET /announcements in pages of 200 (spec §9), asked until an empty page. */
export async function fetchAllAnnouncements(signal?: AbortSignal): Promise<Announcement[]> {
  const all: Announcement[] = [];
  for (let offset = 0; ; offset += ANNOUNCEMENTS_PAGE_SIZE) {
    const page = await api.get<Announcement[]>('/announcements', {
      query: { offset, size: ANNOUNCEMENTS_PAGE_SIZE },
      signal,
    });
    if (!Array.isArray(page) || page.length === 0) return all;
    all.push(...page);
  }
}

export const fetchAnnouncement = (id: string, signal?: AbortSignal) =>
  api.get<Announcement>(path(id), { signal });

/** PUT /announcements/{id}: changed fields, or a status (with its reason when stopping). */
export const putAnnouncement = (id: string, changes: Record<string, unknown>) =>
  api.put<Announcement>(path(id), changes);

/** 'Convertir en projet': the client file opened (or already linked). */
export const convertAnnouncement = (id: string) =>
  api.post<{ projectId: string }>(`${path(id)}/convert`, {});

export type LeadPayload = {
  email: string;
  firstName?: string;
  lastName?: string;
  phoneNumber?: string;
};

/** POST /leads: a new client file, or the one that already has this e-mail. */
export const createLead = (lead: LeadPayload) =>
  api.post<{ projectId: string; existing: boolean }>('/leads', lead);
