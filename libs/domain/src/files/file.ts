import { isObjectId } from '../shared/ids';

/** §9 "Documents": the general upload maximum; the server answers 413 above it. */
export const MAX_UPLOAD_BYTES = 16 * 1024 * 1024;

/** `POST /cache/upload?type=`: photos of properties, or documents (images and PDFs). */
export const UPLOAD_KINDS = ['image', 'files'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export type StoredFileType = ImageType | 'application/pdf';

/** French texts of the uploads (§8 "Upload, HTTP 413"). */
export const FILE_MESSAGES = {
  tooBig: 'Le fichier est trop gros (maxi 16Mo)',
  imagesOnly: 'Seules les images sont acceptées (png, jpeg, webp ou gif)',
  imagesAndPdf: 'Seul les images et les pdf sont acceptés',
  noFile: 'Aucun fichier reçu',
  badKind: 'Type de dépôt inconnu (image ou files)',
  notFound: 'Fichier introuvable',
} as const;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The type read from the first bytes (magic numbers), never from the client's declared mime:
 * a renamed file or a forged Content-Type cannot pass for an image.
 */
export function sniffFileType(bytes: Uint8Array): StoredFileType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  return null;
}

export function isImageType(type: string | null): type is ImageType {
  return (IMAGE_TYPES as readonly (string | null)[]).includes(type);
}

/** What a kind of upload accepts; the message to answer otherwise. */
export function acceptedUpload(kind: UploadKind, type: StoredFileType | null): string | null {
  if (kind === 'image') return isImageType(type) ? null : FILE_MESSAGES.imagesOnly;
  return type ? null : FILE_MESSAGES.imagesAndPdf;
}

/** A stored file (`file-<id>` streams): its bytes are a blob of the encrypted store. */
export type StoredFile = {
  _id: string;
  /** The blob's id: random (64 hex); before issue 14 the sha256 of the bytes, kept as the id. */
  hash: string;
  name: string;
  mime: StoredFileType;
  size: number;
  kind: UploadKind;
  /** What the file belongs to (files/cache-access.ts): `__reports`, an article, a prospect… */
  target: string | null;
  uploaderId: string;
  uploadedAt: string;
  /** Removed with DELETE /cache/{fileId}: no longer listed nor served; its blob is erased. */
  removed?: boolean;
  revision: number;
};

export function emptyStoredFile(id = ''): StoredFile {
  return {
    _id: id,
    hash: '',
    name: '',
    mime: 'application/pdf',
    size: 0,
    kind: 'files',
    target: null,
    uploaderId: '',
    uploadedAt: '',
    revision: -1,
  };
}

export const isFileId = isObjectId;
