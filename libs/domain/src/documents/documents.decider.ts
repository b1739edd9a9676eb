import { acceptedUpload, MAX_UPLOAD_BYTES, FILE_MESSAGES } from '../files/file';
import { cleanFileName } from '../files/file.decider';
import { MESSAGES, PROJECT_MESSAGES } from '../rules/messages';
import { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import { isObjectId } from '../shared/ids';
import {
  DEFAULT_FOLDERS,
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPE_LABELS,
  DocumentFile,
  DocumentPack,
  DocumentType,
  MANUAL_FORBIDDEN_TYPES,
  ProjectDocument,
  ProjectDocuments,
  emptyProjectDocuments,
  isDocumentPack,
  isDocumentType,
  packTypes,
} from './document';

type At = { at: string };

/**
 * Commands of a project's documents. Ids are chosen by the caller (`ids`: a pool of fresh
 * 24-hex ids the decision takes from, in order), so the decision stays pure.
 */
export type EnsureDefaultFolders = At & {
  type: 'EnsureDefaultFolders';
  projectId: string;
  ids: readonly string[];
};
export type CreateFolder = At & {
  type: 'CreateFolder';
  projectId: string;
  documentId: string;
  name: string;
};
export type CreateFile = At & {
  type: 'CreateFile';
  projectId: string;
  documentId: string;
  folderId: string | null | undefined;
  name: string;
  documentType: DocumentType | null;
  /** Internal documents ('full' from a merge) skip the by-hand restriction; default false. */
  generated?: boolean;
};
export type SetFolderPack = At & {
  type: 'SetFolderPack';
  folderId: string;
  pack: DocumentPack;
  ids: readonly string[];
};
export type AttachFile = At & {
  type: 'AttachFile';
  documentId: string;
  file: DocumentFile;
};
export type RemoveFiles = At & {
  type: 'RemoveFiles';
  documentId: string;
  /** One file; null: every file of the document (of its documents, for a folder). */
  fileId: string | null;
};
export type RemoveDocument = At & { type: 'RemoveDocument'; documentId: string };
export type SetDocumentsOverride = At & {
  type: 'SetDocumentsOverride';
  override: boolean;
  by: string | null;
};
/**
 * The signed PDF of a signature request, filed among the file's documents (issue 15): a new
 * document in the tenant folder ('Dossier Locatif'), holding the signed blob. Filed once per
 * blob: a second delivery of the same signed document (a retried job) is no event. `ids`: a
 * pool of fresh ids (default folders when the documents were never opened, then the document
 * and its file).
 */
export type FileSignedDocument = At & {
  type: 'FileSignedDocument';
  projectId: string;
  title: string;
  documentType: DocumentType | null;
  hash: string;
  size: number;
  fileName: string;
  ids: readonly string[];
};
export type DocumentsCommand =
  | FileSignedDocument
  | EnsureDefaultFolders
  | CreateFolder
  | CreateFile
  | SetFolderPack
  | AttachFile
  | RemoveFiles
  | RemoveDocument
  | SetDocumentsOverride;

export type DocumentsOpened = { type: 'DocumentsOpened'; data: { projectId: string; at: string } };
export type DocumentFolderCreated = {
  type: 'DocumentFolderCreated';
  data: {
    projectId: string;
    documentId: string;
    title: string;
    pack: DocumentPack | null;
    at: string;
  };
};
export type DocumentFileCreated = {
  type: 'DocumentFileCreated';
  data: {
    projectId: string;
    documentId: string;
    folderId: string;
    title: string;
    documentType: DocumentType | null;
    required: boolean;
    encrypted: boolean;
    at: string;
  };
};
export type DocumentFolderPackChanged = {
  type: 'DocumentFolderPackChanged';
  data: {
    documentId: string;
    pack: DocumentPack;
    /** Empty required slots not in the new pack: removed. */
    removedIds: string[];
    /** Filled required slots not in the new pack: kept, no longer required. */
    optionalIds: string[];
    at: string;
  };
};
export type DocumentFileAttached = {
  type: 'DocumentFileAttached';
  data: { documentId: string; file: DocumentFile; at: string };
};
export type DocumentFilesRemoved = {
  type: 'DocumentFilesRemoved';
  data: { documentId: string; fileIds: string[]; at: string };
};
export type DocumentRemoved = {
  type: 'DocumentRemoved';
  /** `removedIds`: the document and, for a folder, its documents. */
  data: { documentId: string; removedIds: string[]; at: string };
};
export type DocumentsOverrideSet = {
  type: 'DocumentsOverrideSet';
  data: { override: boolean; by: string | null; at: string };
};
export type DocumentsEvent =
  | DocumentsOpened
  | DocumentFolderCreated
  | DocumentFileCreated
  | DocumentFolderPackChanged
  | DocumentFileAttached
  | DocumentFilesRemoved
  | DocumentRemoved
  | DocumentsOverrideSet;
export type DocumentsEventType = DocumentsEvent['type'];

const MAX_TITLE = 200;

/** A title fit to show: no control characters, trimmed, bounded. */
export function cleanTitle(name: unknown): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const printable = typeof name === 'string' ? name.replace(/[\u0000-\u001f\u007f]/g, ' ') : '';
  return printable.replace(/\s+/g, ' ').trim().slice(0, MAX_TITLE);
}

/** 'Dossier Garant' → 'Dossier Garant 2' (then 3…) when a folder already has the name. */
export function uniqueFolderTitle(title: string, documents: readonly ProjectDocument[]): string {
  const taken = new Set(
    documents.filter((d) => d.type === 'folder').map((d) => d.title.toLocaleLowerCase('fr')),
  );
  if (!taken.has(title.toLocaleLowerCase('fr'))) return title;
  let n = 2;
  while (taken.has(`${title} ${n}`.toLocaleLowerCase('fr'))) n++;
  return `${title} ${n}`;
}

function idPool(ids: readonly string[]): () => string {
  let next = 0;
  return () => {
    const id = ids[next++];
    // Not the user's fault: the caller gave too few fresh ids.
    if (!isObjectId(id)) throw new Error('documents: not enough fresh ids');
    return id;
  };
}

function findDocument(state: ProjectDocuments, id: string): ProjectDocument {
  const document = state.documents.find((d) => d._id === id);
  if (!document) throw new DomainError(DOCUMENT_MESSAGES.notFound, 'notFound');
  return document;
}

function slotEvents(
  projectId: string,
  folderId: string,
  types: readonly DocumentType[],
  nextId: () => string,
  at: string,
): DocumentFileCreated[] {
  return types.map((documentType) => ({
    type: 'DocumentFileCreated',
    data: {
      projectId,
      documentId: nextId(),
      folderId,
      title: DOCUMENT_TYPE_LABELS[documentType],
      documentType,
      required: true,
      // Identity papers, payslips, tax notices: personal data, encrypted at rest.
      encrypted: true,
      at,
    },
  }));
}

function ensureDefaultFolders(command: EnsureDefaultFolders, state: ProjectDocuments) {
  if (state.opened) return [];
  const nextId = idPool(command.ids);
  const events: DocumentsEvent[] = [
    { type: 'DocumentsOpened', data: { projectId: command.projectId, at: command.at } },
  ];
  for (const folder of DEFAULT_FOLDERS) {
    const folderId = nextId();
    events.push({
      type: 'DocumentFolderCreated',
      data: {
        projectId: command.projectId,
        documentId: folderId,
        title: uniqueFolderTitle(folder.title, state.documents),
        pack: folder.pack,
        at: command.at,
      },
    });
    events.push(
      ...slotEvents(command.projectId, folderId, packTypes(folder.pack), nextId, command.at),
    );
  }
  return events;
}

function createFolder(command: CreateFolder, state: ProjectDocuments): DocumentsEvent[] {
  const title = cleanTitle(command.name);
  if (!title)
    throw new DomainError(DOCUMENT_MESSAGES.nameRequired, 'invalid', { name: MESSAGES.required });
  if (!isObjectId(command.documentId))
    throw new DomainError(PROJECT_MESSAGES.invalidRequest, 'invalid');
  return [
    {
      type: 'DocumentFolderCreated',
      data: {
        projectId: command.projectId,
        documentId: command.documentId,
        title: uniqueFolderTitle(title, state.documents),
        pack: null,
        at: command.at,
      },
    },
  ];
}

function createFile(command: CreateFile, state: ProjectDocuments): DocumentsEvent[] {
  const { documentType } = command;
  if (documentType !== null && !isDocumentType(documentType))
    throw new DomainError(PROJECT_MESSAGES.invalidRequest, 'invalid', {
      documentType: MESSAGES.invalid,
    });
  if (documentType && MANUAL_FORBIDDEN_TYPES.includes(documentType) && !command.generated)
    throw new DomainError(DOCUMENT_MESSAGES.manualForbidden, 'invalid', {
      documentType: DOCUMENT_MESSAGES.manualForbidden,
    });
  const title =
    cleanTitle(command.name) || (documentType ? DOCUMENT_TYPE_LABELS[documentType] : '');
  if (!title)
    throw new DomainError(DOCUMENT_MESSAGES.nameRequired, 'invalid', { name: MESSAGES.required });
  if (!command.folderId)
    throw new DomainError(DOCUMENT_MESSAGES.folderRequired, 'invalid', {
      folderId: MESSAGES.required,
    });
  const folder = state.documents.find((d) => d._id === command.folderId);
  if (!folder) throw new DomainError(DOCUMENT_MESSAGES.notFound, 'notFound');
  if (folder.type !== 'folder')
    throw new DomainError(DOCUMENT_MESSAGES.notAFolder, 'invalid', { folderId: MESSAGES.invalid });
  if (!isObjectId(command.documentId))
    throw new DomainError(PROJECT_MESSAGES.invalidRequest, 'invalid');
  return [
    {
      type: 'DocumentFileCreated',
      data: {
        projectId: command.projectId,
        documentId: command.documentId,
        folderId: folder._id,
        title,
        documentType,
        required: false,
        // Encryption at rest is not the client's choice (issue 14): every document is.
        encrypted: true,
        at: command.at,
      },
    },
  ];
}

function setFolderPack(command: SetFolderPack, state: ProjectDocuments): DocumentsEvent[] {
  const folder = findDocument(state, command.folderId);
  if (folder.type !== 'folder') throw new DomainError(DOCUMENT_MESSAGES.packRequired, 'invalid');
  if (!isDocumentPack(command.pack))
    throw new DomainError(PROJECT_MESSAGES.invalidRequest, 'invalid', { pack: MESSAGES.invalid });
  if (folder.pack === command.pack) return [];
  const wanted = packTypes(command.pack);
  const slots = state.documents.filter((d) => d.parentFolder === folder._id && d.required);
  const leaving = slots.filter((d) => !d.documentType || !wanted.includes(d.documentType));
  const missing = wanted.filter((type) => !slots.some((d) => d.documentType === type));
  const nextId = idPool(command.ids);
  return [
    {
      type: 'DocumentFolderPackChanged',
      data: {
        documentId: folder._id,
        pack: command.pack,
        removedIds: leaving.filter((d) => !d.files.length).map((d) => d._id),
        optionalIds: leaving.filter((d) => d.files.length).map((d) => d._id),
        at: command.at,
      },
    },
    ...slotEvents(state.projectId, folder._id, missing, nextId, command.at),
  ];
}

function attachFile(command: AttachFile, state: ProjectDocuments): DocumentsEvent[] {
  const document = findDocument(state, command.documentId);
  if (document.type !== 'file') throw new DomainError(DOCUMENT_MESSAGES.folderUpload, 'invalid');
  const { file } = command;
  if (!Number.isInteger(file.size) || file.size <= 0)
    throw new DomainError(FILE_MESSAGES.noFile, 'invalid', { file: MESSAGES.required });
  if (file.size > MAX_UPLOAD_BYTES) throw new DomainError(FILE_MESSAGES.tooBig, 'invalid');
  const refused = acceptedUpload('files', file.mime ?? null);
  if (refused) throw new DomainError(refused, 'invalid', { file: refused });
  if (!isObjectId(file.fileId) || !/^[0-9a-f]{64}$/.test(file.hash))
    throw new DomainError(PROJECT_MESSAGES.invalidRequest, 'invalid');
  // Whatever the document's flag said when it was created (older ones: false), its files are.
  if (file.encrypted !== true) throw new DomainError(DOCUMENT_MESSAGES.notEncrypted, 'invalid');
  return [
    {
      type: 'DocumentFileAttached',
      data: {
        documentId: document._id,
        file: { ...file, name: cleanFileName(file.name), uploadedAt: command.at },
        at: command.at,
      },
    },
  ];
}

function removeFilesOf(
  document: ProjectDocument,
  fileId: string | null,
  at: string,
): DocumentFilesRemoved[] {
  const fileIds = document.files
    .map((f) => f.fileId)
    .filter((id) => fileId === null || id === fileId);
  return fileIds.length
    ? [{ type: 'DocumentFilesRemoved', data: { documentId: document._id, fileIds, at } }]
    : [];
}

function removeFiles(command: RemoveFiles, state: ProjectDocuments): DocumentsEvent[] {
  const document = findDocument(state, command.documentId);
  const targets =
    document.type === 'folder'
      ? state.documents.filter((d) => d.parentFolder === document._id)
      : [document];
  if (
    command.fileId !== null &&
    !targets.some((d) => d.files.some((f) => f.fileId === command.fileId))
  )
    throw new DomainError(DOCUMENT_MESSAGES.fileNotFound, 'notFound');
  return targets.flatMap((d) => removeFilesOf(d, command.fileId, command.at));
}

function removeDocument(command: RemoveDocument, state: ProjectDocuments): DocumentsEvent[] {
  const document = findDocument(state, command.documentId);
  // A required slot stays where the pack put it: it only loses its files.
  if (document.type === 'file' && document.required)
    return removeFilesOf(document, null, command.at);
  const children = state.documents.filter((d) => d.parentFolder === document._id);
  return [
    {
      type: 'DocumentRemoved',
      data: {
        documentId: document._id,
        removedIds: [document._id, ...children.map((d) => d._id)],
        at: command.at,
      },
    },
  ];
}

function fileSignedDocument(command: FileSignedDocument, state: ProjectDocuments) {
  if (state.documents.some((d) => d.files.some((f) => f.hash === command.hash))) return [];
  const nextId = idPool(command.ids);
  const opening = ensureDefaultFolders(
    {
      type: 'EnsureDefaultFolders',
      projectId: command.projectId,
      ids: command.ids,
      at: command.at,
    },
    state,
  );
  // The pool's first ids went to the default folders, if they were created now.
  for (let n = 0; n < opening.length - 1; n++) nextId();
  const opened = opening.reduce(evolveDocuments, state);
  const folder =
    opened.documents.find((d) => d.type === 'folder' && d.title === DEFAULT_FOLDERS[0].title) ??
    opened.documents.find((d) => d.type === 'folder');
  if (!folder) throw new DomainError(DOCUMENT_MESSAGES.folderRequired, 'invalid');
  const documentId = nextId();
  const created = createFile(
    {
      type: 'CreateFile',
      projectId: command.projectId,
      documentId,
      folderId: folder._id,
      name: command.title,
      documentType: command.documentType,
      generated: true,
      at: command.at,
    },
    opened,
  );
  const withDocument = created.reduce(evolveDocuments, opened);
  const attached = attachFile(
    {
      type: 'AttachFile',
      documentId,
      file: {
        fileId: nextId(),
        name: command.fileName,
        mime: 'application/pdf',
        size: command.size,
        uploadedAt: command.at,
        uploader: null,
        hash: command.hash,
        encrypted: true,
      },
      at: command.at,
    },
    withDocument,
  );
  return [...opening, ...created, ...attached];
}

export function decideDocuments(
  command: DocumentsCommand,
  state: ProjectDocuments,
): DocumentsEvent[] {
  switch (command.type) {
    case 'FileSignedDocument':
      return fileSignedDocument(command, state);
    case 'EnsureDefaultFolders':
      return ensureDefaultFolders(command, state);
    case 'CreateFolder':
      return createFolder(command, state);
    case 'CreateFile':
      return createFile(command, state);
    case 'SetFolderPack':
      return setFolderPack(command, state);
    case 'AttachFile':
      return attachFile(command, state);
    case 'RemoveFiles':
      return removeFiles(command, state);
    case 'RemoveDocument':
      return removeDocument(command, state);
    case 'SetDocumentsOverride':
      if (typeof command.override !== 'boolean')
        throw new DomainError(PROJECT_MESSAGES.invalidRequest, 'invalid', {
          override: MESSAGES.invalid,
        });
      return command.override === state.overridden
        ? []
        : [
            {
              type: 'DocumentsOverrideSet',
              data: { override: command.override, by: command.by, at: command.at },
            },
          ];
  }
}

function touch(
  documents: ProjectDocument[],
  id: string,
  at: string,
  change: (d: ProjectDocument) => Partial<ProjectDocument>,
): ProjectDocument[] {
  return documents.map((d) => (d._id === id ? { ...d, ...change(d), updatedAt: at } : d));
}

export function evolveDocuments(state: ProjectDocuments, event: DocumentsEvent): ProjectDocuments {
  const next = { ...state, revision: state.revision + 1 };
  switch (event.type) {
    case 'DocumentsOpened':
      return { ...next, projectId: event.data.projectId, opened: true };
    case 'DocumentFolderCreated': {
      const { projectId, documentId, title, pack, at } = event.data;
      const folder: ProjectDocument = {
        _id: documentId,
        type: 'folder',
        title,
        parentFolder: null,
        leaseId: projectId,
        documentType: null,
        pack,
        required: false,
        files: [],
        meta: { encrypted: false },
        createdAt: at,
        updatedAt: at,
      };
      return { ...next, projectId, documents: [...state.documents, folder] };
    }
    case 'DocumentFileCreated': {
      const d = event.data;
      const file: ProjectDocument = {
        _id: d.documentId,
        type: 'file',
        title: d.title,
        parentFolder: d.folderId,
        leaseId: d.projectId,
        documentType: d.documentType,
        pack: null,
        required: d.required,
        files: [],
        meta: { encrypted: d.encrypted },
        createdAt: d.at,
        updatedAt: d.at,
      };
      return { ...next, projectId: d.projectId, documents: [...state.documents, file] };
    }
    case 'DocumentFolderPackChanged': {
      const { documentId, pack, removedIds, optionalIds, at } = event.data;
      const documents = state.documents
        .filter((d) => !removedIds.includes(d._id))
        .map((d) => (optionalIds.includes(d._id) ? { ...d, required: false, updatedAt: at } : d));
      return { ...next, documents: touch(documents, documentId, at, () => ({ pack })) };
    }
    case 'DocumentFileAttached': {
      const { documentId, file, at } = event.data;
      return {
        ...next,
        documents: touch(state.documents, documentId, at, (d) => ({ files: [...d.files, file] })),
      };
    }
    case 'DocumentFilesRemoved': {
      const { documentId, fileIds, at } = event.data;
      return {
        ...next,
        documents: touch(state.documents, documentId, at, (d) => ({
          files: d.files.filter((f) => !fileIds.includes(f.fileId)),
        })),
      };
    }
    case 'DocumentRemoved': {
      const removed = new Set(event.data.removedIds);
      return { ...next, documents: state.documents.filter((d) => !removed.has(d._id)) };
    }
    case 'DocumentsOverrideSet':
      return { ...next, overridden: event.data.override };
  }
}

/** The documents aggregate of a project (`documents-<projectId>` streams). */
export const documentsDecider: Decider<DocumentsCommand, DocumentsEvent, ProjectDocuments> = {
  initialState: () => emptyProjectDocuments(),
  decide: decideDocuments,
  evolve: evolveDocuments,
};

/** Fresh ids a single documents command may need at most (the defaults: 2 folders, 9 slots). */
export const DOCUMENT_IDS_PER_COMMAND = 16;
