import type { SignatureProvider, SignatureRequest, SignatureStep } from '@reloc/domain';

/** The e-signature jobs: create the request at the provider, then fetch or build the final documents. */
export const SIGNATURE_JOB_NAMES = {
  create: 'signatures.create',
  finalize: 'signatures.finalize',
  cancel: 'signatures.cancel',
} as const;

/** Which request: a project's step, for one transaction (a stale job finds another and stops). */
export type SignatureJob = { projectId: string; step: SignatureStep; transactionId: string };

/** An aborted (or replaced) request to cancel at its provider, by the provider's id. */
export type CancelSignatureJob = SignatureJob & { externalId: string };

export type SignatureJobs = {
  'signatures.create': SignatureJob;
  'signatures.finalize': SignatureJob;
  'signatures.cancel': CancelSignatureJob;
};

/** A provider call is tried 3 times (5 s, then 10 s later) before the request is marked in error. */
export const SIGNATURE_JOB_ATTEMPTS = 3;
export const SIGNATURE_JOB_BACKOFF_MS = 5000;

export function signatureJobId(name: string, job: SignatureJob): string {
  return `${name}:${job.projectId}:${job.step}:${job.transactionId}`;
}

/**
 * The blob store the processors read and write (files/blob-store.ts: every blob encrypted with
 * its own key); `put` answers the new blob's id, which the events name.
 */
export interface BlobAccess {
  get(id: string): Uint8Array | null;
  put(bytes: Uint8Array): string;
}

export type FinalDocuments = { signed: Uint8Array; proof: Uint8Array };

/** What a signature provider does for the jobs. */
export interface SignatureProviderAdapter {
  readonly name: SignatureProvider;
  /** Creates and starts the request at the provider; answers its id there (null: none). */
  create(request: SignatureRequest, document: Uint8Array): Promise<string | null>;
  /** The signed document and the proof, once every signer signed. */
  finalize(request: SignatureRequest, document: Uint8Array): Promise<FinalDocuments>;
  /** Cancels a request at the provider (aborted or replaced here). */
  cancel(externalId: string): Promise<void>;
}

export interface SignatureServices {
  blobs: BlobAccess;
  providers: Partial<Record<SignatureProvider, SignatureProviderAdapter>>;
}
