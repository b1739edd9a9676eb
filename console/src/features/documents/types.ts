import type { DocumentPack, DocumentReadiness, DocumentType } from '@reloc/domain';

export type { MissingDocument } from '@reloc/domain';

/** One uploaded file of a document (contract issue 5). */
export type DriveFile = {
  fileId: string;
  name: string;
  mime: string;
  size: number;
  uploadedAt: string;
  /** The uploader's trigram. */
  uploader: string | null;
};

/** A folder ('Dossier Locatif'…) or a file document (a slot) of a project. */
export type DocumentDto = {
  _id: string;
  type: 'folder' | 'file';
  title: string;
  parentFolder: string | null;
  leaseId: string;
  documentType: DocumentType | null;
  /** Folders only. */
  pack: DocumentPack | null;
  /** A slot of its folder's pack. */
  required: boolean;
  /** 3 for wages, 2 for impots, else 1 (folders: 0). */
  expectedFiles: number;
  /** The uploaded files, oldest first. */
  driveId: DriveFile[];
  meta: { encrypted: boolean };
  createdAt: string;
  updatedAt: string;
};

export type Readiness = DocumentReadiness;

/** 'loading' exists only in the console (spec §4 "Document readiness status"). */
export type ReadinessStatus = Readiness['status'] | 'loading';

/** A folder with its documents, as the tab shows it. */
export type FolderView = { folder: DocumentDto; documents: DocumentDto[] };
