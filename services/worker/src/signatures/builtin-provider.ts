import { allSigned, SignatureRequest } from '@reloc/domain';
import type { FinalDocuments, SignatureProviderAdapter } from './signature-jobs';

/** What the stamping needs (libs/pdf `stampSignedDocument`, passed in by the host process). */
export type StampFunction = (input: {
  original: Uint8Array;
  documentName: string;
  transactionId: string;
  signers: { name: string; email: string; role: 'requester' | 'coRequester'; signedAt: string }[];
  requestedAt: string;
  completedAt: string;
}) => Promise<FinalDocuments>;

/**
 * The built-in provider: signers sign on the api's own page (`/v1/sign/{token}`), so creating
 * the request calls nobody; finalising stamps the document (a signature block on the last page
 * and an evidence page) and makes the proof (the evidence page alone).
 */
export class BuiltinSignatureProvider implements SignatureProviderAdapter {
  readonly name = 'builtin' as const;

  constructor(private readonly stamp: StampFunction) {}

  async create(): Promise<string | null> {
    return null;
  }

  /** Nothing lives outside: an aborted request's links stop working by themselves. */
  async cancel(): Promise<void> {}

  async finalize(request: SignatureRequest, document: Uint8Array): Promise<FinalDocuments> {
    if (!allSigned(request))
      throw new Error('Tous les signataires n’ont pas signé / not all signed');
    const completedAt = request.instances
      .map((s) => s.signedAt as string)
      .reduce((a, b) => (a > b ? a : b));
    return this.stamp({
      original: document,
      documentName: request.documentName,
      transactionId: request.transactionId,
      signers: request.instances.map((s) => ({ ...s, signedAt: s.signedAt as string })),
      requestedAt: request.createdAt,
      completedAt,
    });
  }
}
