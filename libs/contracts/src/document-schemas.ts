import {
  DOCUMENT_PACK_NAMES,
  DOCUMENT_TYPES,
  DocumentPack,
  DocumentType,
  MERGE_MAX_DOCUMENTS,
  MERGE_MIN_DOCUMENTS,
} from '@reloc/domain';

/**
 * Schemas of the documents calls (spec §7 "Documents and signatures"). Shapes and types only:
 * the rules (a file in an existing folder, the types that cannot be added by hand…) are the
 * decider's.
 */
const objectId = { type: 'string', pattern: '^[0-9a-f]{24}$' } as const;

/** POST /documents/for/{projectId}: a folder, or a file document in a folder. */
export const createDocumentSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'type'],
  properties: {
    name: { type: 'string', maxLength: 200 },
    type: { type: 'string', enum: ['folder', 'file'] },
    folderId: objectId,
    documentType: { type: ['string', 'null'], enum: [...DOCUMENT_TYPES, null] },
    encrypted: { type: 'boolean' },
  },
} as const;
export type CreateDocumentBody = {
  name: string;
  type: 'folder' | 'file';
  folderId?: string;
  documentType?: DocumentType | null;
  encrypted?: boolean;
};

/** PUT /documents/for/{projectId}/document/{folderId}: switch a folder's pack. */
export const setFolderPackSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['pack'],
  properties: { pack: { type: 'string', enum: [...DOCUMENT_PACK_NAMES] } },
} as const;
export type SetFolderPackBody = { pack: DocumentPack };

/** PUT /documents/for/{projectId}/override. */
export const documentsOverrideSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['override'],
  properties: { override: { type: 'boolean' } },
} as const;
export type DocumentsOverrideBody = { override: boolean };

/** POST /documents/for/{projectId}/_merge. */
export const mergeDocumentsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['documentsId'],
  properties: {
    documentsId: {
      type: 'array',
      minItems: MERGE_MIN_DOCUMENTS,
      maxItems: MERGE_MAX_DOCUMENTS,
      items: objectId,
    },
    name: { type: 'string', maxLength: 200 },
  },
} as const;
export type MergeDocumentsBody = { documentsId: string[]; name?: string };

/** DELETE /documents/for/{projectId}/document/{docId}?fileOnly=true|false[&fileId=]. */
export const deleteDocumentQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    fileOnly: { type: 'string', enum: ['true', 'false'] },
    fileId: objectId,
  },
} as const;
export type DeleteDocumentQuery = { fileOnly?: 'true' | 'false'; fileId?: string };

/**
 * GET /documents/for/{projectId}/document/{docId}?format=pdf|zip[&fileId=] (pdf when absent;
 * fileId: one file of the document, e.g. one payslip of three).
 */
export const downloadDocumentQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { format: { type: 'string', enum: ['pdf', 'zip'] }, fileId: objectId },
} as const;
export type DownloadDocumentQuery = { format?: 'pdf' | 'zip'; fileId?: string };

/** PUT .../document/{docId}/upload: the multipart fields beside `file` (none). */
export const documentUploadFieldsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {},
} as const;
