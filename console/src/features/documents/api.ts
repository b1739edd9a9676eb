import type { DocumentPack, DocumentType } from '@reloc/domain';
import { api } from '../../shared/api/client';
import { downloadFile } from '../../shared/api/download';
import type { DocumentDto, Readiness } from './types';

const base = (projectId: string) => `/documents/for/${encodeURIComponent(projectId)}`;
const doc = (projectId: string, docId: string) =>
  `${base(projectId)}/document/${encodeURIComponent(docId)}`;

/** Folders, each followed by its documents (the default folders appear on the first read). */
export const fetchDocuments = (projectId: string, signal?: AbortSignal) =>
  api.get<DocumentDto[]>(base(projectId), { signal });

export const fetchReadiness = (projectId: string, signal?: AbortSignal) =>
  api.get<Readiness>(`${base(projectId)}/readiness`, { signal });

/** 'Soumettre quand même' (true) and its undo (false). */
export const putOverride = (projectId: string, override: boolean) =>
  api.put<Readiness>(`${base(projectId)}/override`, { override });

export type NewDocument =
  | { type: 'folder'; name: string }
  | { type: 'file'; name: string; folderId: string; documentType: DocumentType | null };

export const createDocument = (projectId: string, body: NewDocument) =>
  api.post<DocumentDto>(base(projectId), body);

/** Switches a folder's pack (adds the missing slots, removes the empty ones not in it). */
export const putFolderPack = (projectId: string, folderId: string, pack: DocumentPack) =>
  api.put<unknown>(doc(projectId, folderId), { pack });

/** Multipart field `file`; 413 too big, 400 not an image nor a PDF. */
export function uploadDocumentFile(projectId: string, docId: string, file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.put<DocumentDto>(`${doc(projectId, docId)}/upload`, body);
}

/** One file (fileId), all the files (fileOnly), or the document / section itself. */
export const deleteDocument = (
  projectId: string,
  docId: string,
  options: { fileOnly: boolean; fileId?: string },
) =>
  api.delete<void>(doc(projectId, docId), {
    query: { fileOnly: options.fileOnly, fileId: options.fileId },
  });

/** 2 to 50 documents merged into a new 'full' document of the first one's folder. */
export const mergeDocuments = (projectId: string, documentsId: string[], name?: string) =>
  api.post<DocumentDto>(`${base(projectId)}/_merge`, { documentsId, ...(name ? { name } : {}) });

/** The path and query of a document's file(s) as one PDF (or one file of it: `fileId`). */
export const documentFile = (
  projectId: string,
  docId: string,
  options: { format?: 'pdf' | 'zip'; fileId?: string } = {},
) => ({
  path: doc(projectId, docId),
  query: { format: options.format ?? 'pdf', fileId: options.fileId },
});

export function downloadDocument(
  projectId: string,
  document: DocumentDto,
  options: { format?: 'pdf' | 'zip'; fileId?: string; name?: string } = {},
): Promise<string> {
  const { path, query } = documentFile(projectId, document._id, options);
  const extension = query.format === 'zip' ? 'zip' : 'pdf';
  return downloadFile(path, `${options.name ?? document.title}.${extension}`, query);
}

/** 'Télécharger la fiche de renseignement' of the Tenant tab. */
export const downloadInformationSheet = (projectId: string) =>
  downloadFile(
    `${base(projectId)}/document/templated/fiche_renseignement`,
    'fiche-renseignement.pdf',
  );
