import { api } from '../../shared/api/client';
import { downloadFile } from '../../shared/api/download';
import type { AuditHistory, AuditState } from './types';

const path = (stream: string) => `/audit/streams/${encodeURIComponent(stream)}`;

export const fetchAuditHistory = (stream: string, signal?: AbortSignal) =>
  api.get<AuditHistory>(path(stream), { signal });

export const fetchAuditState = (stream: string, at: string, signal?: AbortSignal) =>
  api.get<AuditState>(`${path(stream)}/state`, { signal, query: { at } });

export const downloadAuditExport = (stream: string, format: 'json' | 'pdf') =>
  downloadFile(`${path(stream)}/export`, `historique-${stream}.${format}`, { format });
