import { api } from '../../shared/api/client';
import { downloadFile } from '../../shared/api/download';
import type { ProposalRow, ProposalUpdate } from './types';

const pair = (projectId: string, hostId: string) =>
  `/proposals/lease/${encodeURIComponent(projectId)}/host/${encodeURIComponent(hostId)}`;

/** The file's proposals by position, each with its host (`_host`). */
export const fetchProposals = (projectId: string, signal?: AbortSignal) =>
  api.get<ProposalRow[]>(`/proposals/lease/${encodeURIComponent(projectId)}`, { signal });

/** 409: already proposed; 404: unknown property. */
export const addProposal = (projectId: string, hostId: string) =>
  api.post<ProposalRow>(pair(projectId, hostId), {});

/** One §7 body; answers the updated proposal with its host. */
export const updateProposal = (projectId: string, hostId: string, body: ProposalUpdate) =>
  api.put<ProposalRow>(pair(projectId, hostId), body);

export type VisitNotice = { date: string; time: string; address: string };

/** 'Prévenir le client' of a planned visit (204). */
export const notifyVisit = (projectId: string, hostId: string, notice: VisitNotice) =>
  api.post<void>(`${pair(projectId, hostId)}/notify`, notice);

export type PdfExport = 'proposals' | 'liked' | 'visits';

/** The PDF exports of the file, saved as a download. */
export function downloadPdf(projectId: string, kind: PdfExport): Promise<string> {
  const base = `/proposals/lease/${encodeURIComponent(projectId)}/pdf`;
  if (kind === 'visits') return downloadFile(`${base}/visits`, 'visites.pdf');
  return downloadFile(`${base}/proposals`, 'propositions.pdf', { liked: kind === 'liked' });
}
