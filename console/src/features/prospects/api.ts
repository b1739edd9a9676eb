import { api } from '../../shared/api/client';
import { downloadFile } from '../../shared/api/download';
import type { ProjectDoc, TimelineItem } from '../projects/types';
import type { ProspectDoc, ProspectFilter, ProspectTile } from './types';

const path = (id: string) => `/prospects/${encodeURIComponent(id)}`;

export const fetchProspects = (search: string, filter: ProspectFilter, signal?: AbortSignal) =>
  api.get<ProspectTile[]>('/prospects', {
    signal,
    query: { filter, ...(search ? { search } : {}) },
  });

export const createProspect = (name: string, sale: string | null) =>
  api.post<{ _id: string }>('/prospects', { name, ...(sale ? { assignees: { sale } } : {}) });

export const fetchProspect = (id: string, signal?: AbortSignal) =>
  api.get<ProspectDoc>(path(id), { signal });

/** PUT /v1/prospects/{id}: the changed fields and the revision the edit started from. */
export const putProspect = (id: string, revision: number, changes: Record<string, unknown>) =>
  api.put<ProspectDoc>(path(id), { _revision: revision, ...changes });

export const deleteProspect = (id: string) => api.delete<{ message: string }>(path(id));

export const fetchProspectTags = () => api.get<string[]>('/prospects/tags');

export const fetchProspectTimeline = (id: string) =>
  api.get<TimelineItem[]>(`${path(id)}/timeline`);

export const downloadProspectsReport = (search: string, filter: ProspectFilter) =>
  downloadFile('/reports/prospects', 'prospects.xlsx', {
    filter,
    ...(search ? { search } : {}),
  });

/** The draft I/O of the project page, pointed at the prospect calls. */
export const PROSPECT_DRAFT_IO = {
  save: (id: string, revision: number, changes: Record<string, unknown>) =>
    putProspect(id, revision, changes) as Promise<ProjectDoc>,
  reload: (id: string) => fetchProspect(id) as Promise<ProjectDoc>,
};

export type ProspectFile = {
  _id: string;
  name: string;
  mime: string;
  size: number;
  addedAt: string;
  by: string;
};

/**
 * POST /cache/upload?type=files with the prospect as target (its files are read only by those
 * who may open it), then POST /prospects/{id}/files.
 */
export async function attachProspectFile(id: string, file: File): Promise<ProspectFile[]> {
  const form = new FormData();
  form.append('target', id);
  form.append('file', file);
  const { _id } = await api.post<{ _id: string }>('/cache/upload', form, {
    query: { type: 'files' },
  });
  return api.post<ProspectFile[]>(`${path(id)}/files`, { fileId: _id });
}

export const removeProspectFile = (id: string, fileId: string) =>
  api.delete<{ message: string }>(`${path(id)}/files/${encodeURIComponent(fileId)}`);

export const downloadProspectFile = (id: string, file: ProspectFile) =>
  downloadFile(`${path(id)}/files/${encodeURIComponent(file._id)}`, file.name);
