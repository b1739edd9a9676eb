import type { DocumentType } from '../documents/document';
import type { FileSignedDocument } from '../documents/documents.decider';
import type { SignatureRequest } from './signature-request';
import { SIGNATURE_STEP_LABELS, SIGNATURE_STEPS, SignatureStep } from './signature-template';

/** The documents stream of a project (the api's `documentsStream`). */
export const projectDocumentsStream = (projectId: string) => `documents-${projectId}`;

/** The document type a signed step is filed under (issue 15: the signed PDF is a document). */
export const SIGNED_DOCUMENT_TYPES: Record<SignatureStep, DocumentType> = {
  engagement: 'autres',
  visits: 'autres',
  mission: 'crmission',
  mobilipass: 'mobilipass',
};

/**
 * The command filing an archived request's signed PDF among the file's documents, or null
 * while it is not archived. `ids`: fresh ids (default folders, document, file).
 */
export function fileSignedDocumentCommand(
  request: Pick<SignatureRequest, 'projectId' | 'step' | 'finalHash' | 'documentName'>,
  size: number,
  ids: readonly string[],
  at: string,
): FileSignedDocument | null {
  if (!request.finalHash) return null;
  const label = SIGNATURE_STEP_LABELS[request.step];
  const base = (request.documentName || label).replace(/\.pdf$/i, '');
  return {
    type: 'FileSignedDocument',
    projectId: request.projectId,
    title: `${label} (signé)`,
    documentType: SIGNED_DOCUMENT_TYPES[request.step],
    hash: request.finalHash,
    size,
    fileName: `${base} - signé.pdf`,
    ids,
    at,
  };
}

/** A request as the project's record lists it (§3 "signatures (step, status, transactionId, instances)"). */
export type ProjectSignatureView = {
  _id: string;
  step: SignatureStep;
  status: SignatureRequest['status'];
  transactionId: string;
  instances: SignatureRequest['instances'];
  provider: SignatureRequest['provider'];
  error: boolean;
  createdAt: string;
  signedAt: string | null;
};

/** The project's `signatures`, from the signature requests (one per step, in step order). */
export function projectSignatures(requests: readonly SignatureRequest[]): ProjectSignatureView[] {
  return [...requests]
    .sort((a, b) => SIGNATURE_STEPS.indexOf(a.step) - SIGNATURE_STEPS.indexOf(b.step))
    .map((r) => ({
      _id: r._id,
      step: r.step,
      status: r.status,
      transactionId: r.transactionId,
      instances: r.instances,
      provider: r.provider,
      error: r.error,
      createdAt: r.createdAt,
      signedAt: r.signedAt,
    }));
}
