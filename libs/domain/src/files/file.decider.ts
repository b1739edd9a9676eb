import { MESSAGES, PROJECT_MESSAGES } from '../rules/messages';
import { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import { isObjectId } from '../shared/ids';
import {
  FILE_MESSAGES,
  MAX_UPLOAD_BYTES,
  StoredFile,
  StoredFileType,
  UPLOAD_KINDS,
  UploadKind,
  acceptedUpload,
  emptyStoredFile,
} from './file';

/** The upload, once its bytes are in the content-addressed store. */
export type StoreFile = {
  type: 'StoreFile';
  fileId: string;
  hash: string;
  name: string;
  /** The type sniffed from the bytes (null: not recognised). */
  mime: StoredFileType | null;
  size: number;
  kind: UploadKind;
  target: string | null;
  uploaderId: string;
  at: string;
};
/** DELETE /cache/{fileId}: by an admin or the uploader. */
export type RemoveFile = {
  type: 'RemoveFile';
  actor: { id: string; role: string };
  at: string;
};
export type FileCommand = StoreFile | RemoveFile;

export type FileStored = {
  type: 'FileStored';
  data: Omit<StoredFile, '_id' | 'revision' | 'uploadedAt'> & { fileId: string; at: string };
};
export type FileRemoved = {
  type: 'FileRemoved';
  data: { fileId: string; target: string | null; by: string; at: string };
};
export type FileEvent = FileStored | FileRemoved;
export type FileEventType = FileEvent['type'];

const MAX_NAME = 255;

/** A name fit to show and to put in a header: no path, no control characters, bounded. */
export function cleanFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const printable = name.replace(/[\u0000-\u001f\u007f]/g, '');
  const base = printable.split(/[\\/]/).pop() ?? '';
  return base.trim().slice(0, MAX_NAME) || 'fichier';
}

function removeFile(command: RemoveFile, state: StoredFile): FileEvent[] {
  if (state.revision < 0 || state.removed)
    throw new DomainError(FILE_MESSAGES.notFound, 'notFound');
  const admin = command.actor.role === 'ADMIN' || command.actor.role === 'SUPERADMIN';
  if (!admin && command.actor.id !== state.uploaderId)
    throw new DomainError(
      'Seul l’auteur du dépôt ou un admin peut supprimer ce fichier',
      'forbidden',
    );
  return [
    {
      type: 'FileRemoved',
      data: { fileId: state._id, target: state.target, by: command.actor.id, at: command.at },
    },
  ];
}

export function decideFile(command: FileCommand, state: StoredFile): FileEvent[] {
  if (command.type === 'RemoveFile') return removeFile(command, state);
  if (state.revision >= 0) throw new DomainError(PROJECT_MESSAGES.alreadyExists, 'conflict');
  if (!(UPLOAD_KINDS as readonly string[]).includes(command.kind))
    throw new DomainError(FILE_MESSAGES.badKind, 'invalid', { type: MESSAGES.invalid });
  if (!Number.isInteger(command.size) || command.size <= 0)
    throw new DomainError(FILE_MESSAGES.noFile, 'invalid', { file: MESSAGES.required });
  // Over the limit is the API's 413, checked while receiving; this is the rule itself.
  if (command.size > MAX_UPLOAD_BYTES) throw new DomainError(FILE_MESSAGES.tooBig, 'invalid');
  const refused = acceptedUpload(command.kind, command.mime);
  if (refused) throw new DomainError(refused, 'invalid', { file: refused });
  if (!isObjectId(command.fileId) || !/^[0-9a-f]{64}$/.test(command.hash))
    throw new DomainError(PROJECT_MESSAGES.invalidRequest, 'invalid');
  const target = typeof command.target === 'string' ? command.target.trim().slice(0, 200) : '';
  return [
    {
      type: 'FileStored',
      data: {
        fileId: command.fileId,
        hash: command.hash,
        name: cleanFileName(command.name),
        mime: command.mime as StoredFileType,
        size: command.size,
        kind: command.kind,
        target: target || null,
        uploaderId: command.uploaderId,
        at: command.at,
      },
    },
  ];
}

export function evolveFile(state: StoredFile, event: FileEvent): StoredFile {
  switch (event.type) {
    case 'FileStored': {
      const { fileId, at, ...rest } = event.data;
      return { ...rest, _id: fileId, uploadedAt: at, revision: state.revision + 1 };
    }
    case 'FileRemoved':
      return { ...state, removed: true, revision: state.revision + 1 };
  }
}

/** The stored-file aggregate (`file-<id>` streams): written once, then at most removed. */
export const fileDecider: Decider<FileCommand, FileEvent, StoredFile> = {
  initialState: () => emptyStoredFile(),
  decide: decideFile,
  evolve: evolveFile,
};
