import {
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  FILE_MESSAGES,
  MANUAL_FORBIDDEN_TYPES,
  type DocumentType,
} from '@reloc/domain';
import { ApiError } from '../../shared/api/client';
import type { DocumentDto, FolderView } from './types';

/** §8 "Upload, HTTP 413". */
export const UPLOAD_TOO_BIG = FILE_MESSAGES.tooBig;
/** Images and PDFs only, checked before sending (the server sniffs the bytes again). */
export const UPLOAD_WRONG_TYPE = FILE_MESSAGES.imagesAndPdf;

const ACCEPTED_MIME = /^(application\/pdf|image\/(png|jpeg|gif|webp))$/;
const ACCEPTED_EXTENSION = /\.(pdf|png|jpe?g|gif|webp)$/i;

/** The `accept` of the file inputs. */
export const UPLOAD_ACCEPT = 'application/pdf,image/png,image/jpeg,image/gif,image/webp';

/** null when the file may be sent, else the message to show. */
export function uploadTypeError(file: Pick<File, 'name' | 'type'>): string | null {
  if (file.type) return ACCEPTED_MIME.test(file.type) ? null : UPLOAD_WRONG_TYPE;
  return ACCEPTED_EXTENSION.test(file.name) ? null : UPLOAD_WRONG_TYPE;
}

/** The message of a failed upload: 413 and the server's 400 are shown, else null (generic). */
export function uploadFailureMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.sessionEnded) return null;
  if (error.status === 413) return UPLOAD_TOO_BIG;
  if (error.status === 400 && error.message && !error.message.startsWith('HTTP '))
    return error.message;
  return null;
}

/** The types a document can be added with by hand (not eligibilite, crmission, mobilipass). */
export const MANUAL_DOCUMENT_TYPES: readonly DocumentType[] = DOCUMENT_TYPES.filter(
  (type) => !MANUAL_FORBIDDEN_TYPES.includes(type),
);

/** The French label of a slot: its type's label, else its title. */
export function slotLabel(document: Pick<DocumentDto, 'documentType' | 'title'>): string {
  return document.documentType ? DOCUMENT_TYPE_LABELS[document.documentType] : document.title;
}

/** The list of the API (folders each followed by their files) grouped by folder. */
export function foldersOf(documents: readonly DocumentDto[]): FolderView[] {
  const folders = documents.filter((d) => d.type === 'folder');
  return folders.map((folder) => ({
    folder,
    documents: documents.filter((d) => d.type === 'file' && d.parentFolder === folder._id),
  }));
}

/** '12 Ko', '1,5 Mo'. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} o`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} Ko`;
  return `${(bytes / (1024 * 1024)).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`;
}
