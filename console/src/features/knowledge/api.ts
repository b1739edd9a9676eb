import { api } from '../../shared/api/client';
import { downloadFile } from '../../shared/api/download';

export type KbItem = {
  _id: string;
  title: string;
  content: string;
  createdAt: string;
  updatedAt: string;
};
export type KbInput = { title: string; content: string };

export type CachedFile = {
  _id: string;
  name: string;
  size: number;
  mime: string;
  createdAt: string;
  href: string;
};

export const fetchKbItems = (signal?: AbortSignal) => api.get<KbItem[]>('/kbitems', { signal });
export const createKbItem = (input: KbInput) => api.post<KbItem>('/kbitem', input);
export const updateKbItem = (id: string, input: KbInput) =>
  api.put<KbItem>(`/kbitem/${encodeURIComponent(id)}`, input);
export const deleteKbItem = (id: string) =>
  api.delete<{ message: string }>(`/kbitem/${encodeURIComponent(id)}`);

/** GET /cache/for/{target}: the files attached to an article. */
export const fetchFilesFor = async (target: string, signal?: AbortSignal) =>
  (await api.get<{ files: CachedFile[] }>(`/cache/for/${encodeURIComponent(target)}`, { signal }))
    .files;

/** POST /cache/upload?type=files with the article as target (413 above 16 MB). */
export function uploadFileFor(target: string, file: File) {
  const form = new FormData();
  form.append('target', target);
  form.append('file', file);
  return api.post<{ _id: string }>('/cache/upload', form, { query: { type: 'files' } });
}

export const removeCachedFile = (fileId: string) =>
  api.delete<void>(`/cache/${encodeURIComponent(fileId)}`);

export const downloadCachedFile = (file: CachedFile) =>
  downloadFile(`/cache/file/${encodeURIComponent(file._id)}`, file.name);
