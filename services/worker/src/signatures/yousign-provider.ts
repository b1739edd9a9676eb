import type { SignatureRequest } from '@reloc/domain';
import { DEFAULT_TIMEOUT_MS, Fetch, joinUrl } from '../geo/http';
import type { FinalDocuments, SignatureProviderAdapter } from './signature-jobs';

/** A Yousign answer other than the expected one; the job retries, then flags the request. */
export class YousignError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'YousignError';
  }
}

export type YousignOptions = {
  /** e.g. https://api-sandbox.yousign.app/v3 (RELOC_YOUSIGN_API_URL). */
  baseUrl: string;
  apiKey: string;
  fetch?: Fetch;
  timeoutMs?: number;
  /** Page count of a PDF, to place the signature fields on the last page (default: page 1). */
  pageCount?: (pdf: Uint8Array) => Promise<number>;
  /** Merges the signers' audit trails into one proof (default: the first one). */
  concat?: (parts: Uint8Array[]) => Promise<Uint8Array>;
};

type Json = Record<string, unknown>;

/** Yousign wants a first and a last name: the first word, then the rest ('Jean Le Gall'). */
export function splitName(name: string): { first_name: string; last_name: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { first_name: words[0] ?? '-', last_name: words[0] ?? '-' };
  return { first_name: words[0], last_name: words.slice(1).join(' ') };
}

/**
 * Yousign API v3 (STACK.md): create a signature request, add the document (multipart,
 * `nature=signable_document`), add the signers with a signature field each, activate; once
 * `signature_request.done`, download the signed document and the signers' audit trails.
 */
export class YousignSignatureProvider implements SignatureProviderAdapter {
  readonly name = 'yousign' as const;
  private readonly fetch: Fetch;

  constructor(private readonly options: YousignOptions) {
    this.fetch = options.fetch ?? fetch;
  }

  private async call(
    method: string,
    path: string,
    body?: Json | FormData,
  ): Promise<{ json: Json; bytes: Uint8Array }> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.options.apiKey}`,
      Accept: 'application/json, application/pdf',
    };
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    let response: Response;
    try {
      response = await this.fetch(joinUrl(this.options.baseUrl, path), {
        method,
        headers,
        body: payload,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
    } catch (error) {
      throw new YousignError(`Yousign injoignable : ${(error as Error).message}`, null);
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (!response.ok)
      throw new YousignError(
        `Yousign ${method} ${path}: ${response.status} ${Buffer.from(bytes).toString('utf8').slice(0, 300)}`,
        response.status,
      );
    const type = response.headers.get('content-type') ?? '';
    const json = type.includes('json')
      ? (JSON.parse(Buffer.from(bytes).toString('utf8')) as Json)
      : {};
    return { json, bytes };
  }

  private static id(json: Json, what: string): string {
    if (typeof json.id !== 'string' || !json.id) throw new YousignError(`${what}: no id`, null);
    return json.id;
  }

  async create(request: SignatureRequest, document: Uint8Array): Promise<string> {
    const created = await this.call('POST', 'signature_requests', {
      name: request.documentName.replace(/\.pdf$/i, '').slice(0, 128),
      delivery_mode: 'email',
      timezone: 'Europe/Paris',
      external_id: request.transactionId,
    });
    const requestId = YousignSignatureProvider.id(created.json, 'signature request');
    const form = new FormData();
    form.append('file', new Blob([document], { type: 'application/pdf' }), 'document.pdf');
    form.append('nature', 'signable_document');
    const uploaded = await this.call('POST', `signature_requests/${requestId}/documents`, form);
    const documentId = YousignSignatureProvider.id(uploaded.json, 'document');
    const page = this.options.pageCount ? await this.options.pageCount(document) : 1;
    for (const [index, signer] of request.instances.entries())
      await this.call('POST', `signature_requests/${requestId}/signers`, {
        info: { ...splitName(signer.name), email: signer.email, locale: 'fr' },
        signature_level: 'electronic_signature',
        signature_authentication_mode: 'no_otp',
        fields: [{ document_id: documentId, type: 'signature', page, x: 320, y: 640 - index * 90 }],
      });
    await this.call('POST', `signature_requests/${requestId}/activate`);
    return requestId;
  }

  /** Stops the signers' invitations of a request aborted or replaced here. */
  async cancel(externalId: string): Promise<void> {
    await this.call('POST', `signature_requests/${externalId}/cancel`, {
      reason: 'contractualization_aborted',
      custom_note: 'Demande annulée ou remplacée par Reloc',
    });
  }

  async finalize(request: SignatureRequest): Promise<FinalDocuments> {
    const requestId = request.externalId;
    if (!requestId)
      throw new YousignError('Demande Yousign inconnue / no Yousign request id', null);
    const signed = await this.call('GET', `signature_requests/${requestId}/documents/download`);
    const details = await this.call('GET', `signature_requests/${requestId}`);
    const signers = Array.isArray(details.json.signers) ? (details.json.signers as Json[]) : [];
    const trails: Uint8Array[] = [];
    for (const signer of signers) {
      const signerId = YousignSignatureProvider.id(signer, 'signer');
      trails.push(
        (
          await this.call(
            'GET',
            `signature_requests/${requestId}/signers/${signerId}/audit_trails/download`,
          )
        ).bytes,
      );
    }
    if (!trails.length) throw new YousignError('Aucune piste d’audit / no audit trail', null);
    const proof = this.options.concat ? await this.options.concat(trails) : trails[0];
    return { signed: signed.bytes, proof };
  }
}
