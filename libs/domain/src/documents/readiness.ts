import {
  DOCUMENT_TYPE_LABELS,
  DocumentType,
  ProjectDocument,
  expectedFileCount,
  orderedDocuments,
} from './document';

/** §4 "Document readiness status" ('loading' exists only in the console). */
export const DOCUMENT_READINESS_STATUSES = ['incomplete', 'incomplete-submission', 'ok'] as const;
export type DocumentReadinessStatus = (typeof DOCUMENT_READINESS_STATUSES)[number];

export type MissingDocument = {
  documentId: string;
  /** Title of the folder of the slot. */
  folder: string;
  documentType: DocumentType;
  label: string;
  missingFiles: number;
};

export type DocumentReadiness = {
  status: DocumentReadinessStatus;
  missing: MissingDocument[];
  overridden: boolean;
};

/**
 * What is missing before submission: every required slot with fewer files than it expects
 * (3 payslips, 2 tax notices, otherwise one). None missing: 'ok'; missing ones with the
 * override set: 'incomplete-submission' (§8 "optional override"); else 'incomplete'.
 */
export function documentReadiness(
  documents: readonly ProjectDocument[],
  overridden: boolean,
): DocumentReadiness {
  const titles = new Map(
    documents.filter((d) => d.type === 'folder').map((d) => [d._id, d.title] as const),
  );
  const missing: MissingDocument[] = [];
  for (const document of orderedDocuments(documents)) {
    if (document.type !== 'file' || !document.required || !document.documentType) continue;
    const missingFiles = expectedFileCount(document.documentType) - document.files.length;
    if (missingFiles <= 0) continue;
    missing.push({
      documentId: document._id,
      folder: titles.get(document.parentFolder ?? '') ?? '',
      documentType: document.documentType,
      label: DOCUMENT_TYPE_LABELS[document.documentType],
      missingFiles,
    });
  }
  const status: DocumentReadinessStatus = !missing.length
    ? 'ok'
    : overridden
      ? 'incomplete-submission'
      : 'incomplete';
  return { status, missing, overridden };
}
