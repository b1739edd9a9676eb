import { HOSTS_PAGE_SIZE } from '@reloc/domain';
import { api } from '../../shared/api/client';
import type { FileChoice, HostDto, HostProposal, HostsPage, HostsQuery } from './types';

export const TOTAL_COUNT_HEADER = 'x-total-count';

const hostPath = (id: string) => `/hosts/${encodeURIComponent(id)}`;

/** POST /hosts/_search: one page of 60 (spec §9), the total from `x-total-count`. */
export async function searchHosts(query: HostsQuery, signal?: AbortSignal): Promise<HostsPage> {
  let total: number | null = null;
  const input = query.input.trim();
  const hosts = await api.post<HostDto[]>(
    '/hosts/_search',
    {
      offset: Math.max(0, query.page - 1) * HOSTS_PAGE_SIZE,
      size: HOSTS_PAGE_SIZE,
      ...(input ? { input } : {}),
      ...(query.isActive === null ? {} : { isActive: query.isActive }),
    },
    {
      signal,
      onHeaders: (headers) => {
        const value = Number(headers.get(TOTAL_COUNT_HEADER));
        if (Number.isFinite(value)) total = value;
      },
    },
  );
  const list = Array.isArray(hosts) ? hosts : [];
  return { hosts: list, total: total ?? list.length };
}

/** POST /hosts: an empty host; the form follows with PUT /hosts/{id}. */
export const createHost = () => api.post<{ _id: string }>('/hosts', {});

export const fetchHost = (id: string, signal?: AbortSignal) =>
  api.get<HostDto>(hostPath(id), { signal });

/** PUT /hosts/{id}: the changed fields; answers the host (new warnings included). */
export const putHost = (id: string, changes: Record<string, unknown>) =>
  api.put<HostDto>(hostPath(id), changes);

/** The files this host was proposed to, each with `_lease`. */
export const fetchHostProposals = (id: string, signal?: AbortSignal) =>
  api.get<HostProposal[]>(`/proposals/host/${encodeURIComponent(id)}`, { signal });

/** 409: already proposed. */
export const proposeHost = (projectId: string, hostId: string) =>
  api.post<unknown>(
    `/proposals/lease/${encodeURIComponent(projectId)}/host/${encodeURIComponent(hostId)}`,
    {},
  );

/** Public image URL of a photo id (no token needed, usable in `<img src>`). */
export const photoUrl = (photoId: string) => `/v1/cache/image/${encodeURIComponent(photoId)}.png`;

/** POST /cache/upload?type=image (multipart, field `file`); 413 when over 16 MB. */
export function uploadPhoto(file: File): Promise<{ _id: string }> {
  const form = new FormData();
  form.append('file', file);
  return api.post<{ _id: string }>('/cache/upload', form, { query: { type: 'image' } });
}

/** Leases load 200 at a time (the board schema's maximum); the host page wants up to 10000. */
export const FILES_PAGE_SIZE = 200;
export const FILES_MAX = 10000;

type LeaseTileDto = { _id: string; firstName?: string; lastName?: string; userId?: string };

/** Every active file, page after page (spec §7: the host page lists up to 10000). */
export async function fetchActiveFiles(signal?: AbortSignal): Promise<FileChoice[]> {
  const files: FileChoice[] = [];
  for (let offset = 0; offset < FILES_MAX; offset += FILES_PAGE_SIZE) {
    const page = await api.post<{ leases: LeaseTileDto[]; total: number }>(
      '/leases',
      { offset, size: FILES_PAGE_SIZE, filter: 'active', progress: 'all' },
      { signal },
    );
    for (const lease of page.leases) {
      files.push({
        _id: lease._id,
        firstName: lease.firstName ?? '',
        lastName: lease.lastName ?? '',
        email: lease.userId ?? '',
      });
    }
    if (page.leases.length < FILES_PAGE_SIZE || files.length >= page.total) break;
  }
  return files;
}
