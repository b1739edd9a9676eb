import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import type { SignatureRequest } from '@reloc/domain';
import { splitName, YousignError, YousignSignatureProvider } from './yousign-provider';

type Seen = { method: string; path: string; headers: IncomingMessage['headers']; body: Buffer };
type Handler = (req: Seen, res: ServerResponse) => void;

/** A local HTTP server answering like Yousign API v3 under /v3; it records the requests. */
async function localYousign(handler: Handler) {
  const requests: Seen[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const seen = {
        method: req.method ?? '',
        path: new URL(req.url ?? '/', 'http://x').pathname,
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(seen);
      handler(seen, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const json = (res: ServerResponse, status: number, value: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
};
const pdf = (res: ServerResponse, text: string) => {
  res.writeHead(200, { 'content-type': 'application/pdf' });
  res.end(Buffer.from(`%PDF-1.7\n${text}\n%%EOF\n`));
};

const request: SignatureRequest = {
  _id: '0123456789abcdef01234567',
  projectId: '0123456789abcdef01234568',
  step: 'engagement',
  status: 'OPEN',
  transactionId: '0123456789abcdef01234569',
  provider: 'yousign',
  error: false,
  errorReason: null,
  instances: [
    { name: 'Camille Rousseau', email: 'camille@exemple.fr', role: 'requester', signedAt: null },
    { name: 'Jean Le Gall', email: 'jean@exemple.fr', role: 'coRequester', signedAt: null },
  ],
  properties: [],
  templateId: '0123456789abcdef0123456a',
  documentHash: 'a'.repeat(64),
  documentName: "Lettre d'engagement - Camille Rousseau.pdf",
  externalId: null,
  finalHash: null,
  proofHash: null,
  createdAt: '2026-11-23T09:00:00.000Z',
  signedAt: null,
};

describe('Yousign API v3 adapter', () => {
  let yousign: Awaited<ReturnType<typeof localYousign>>;
  let signers = 0;
  beforeAll(async () => {
    yousign = await localYousign((req, res) => {
      const { method, path } = req;
      if (req.headers.authorization !== 'Bearer test-key') return json(res, 401, { detail: 'no' });
      if (method === 'POST' && path === '/v3/signature_requests')
        return json(res, 201, { id: 'sr-1', status: 'draft' });
      if (method === 'POST' && path === '/v3/signature_requests/sr-1/documents')
        return json(res, 201, { id: 'doc-1', nature: 'signable_document' });
      if (method === 'POST' && path === '/v3/signature_requests/sr-1/signers')
        return json(res, 201, { id: `signer-${++signers}`, status: 'initiated' });
      if (method === 'POST' && path === '/v3/signature_requests/sr-1/activate')
        return json(res, 201, { id: 'sr-1', status: 'ongoing' });
      if (method === 'POST' && path === '/v3/signature_requests/sr-1/cancel')
        return json(res, 201, { id: 'sr-1', status: 'canceled' });
      if (method === 'GET' && path === '/v3/signature_requests/sr-1/documents/download')
        return pdf(res, 'signed');
      if (method === 'GET' && path === '/v3/signature_requests/sr-1')
        return json(res, 200, {
          id: 'sr-1',
          status: 'done',
          signers: [{ id: 'signer-1' }, { id: 'signer-2' }],
        });
      const trail =
        /^\/v3\/signature_requests\/sr-1\/signers\/(signer-\d)\/audit_trails\/download$/.exec(path);
      if (method === 'GET' && trail) return pdf(res, `audit ${trail[1]}`);
      if (path.startsWith('/v3/signature_requests/broken'))
        return json(res, 500, { detail: 'boom' });
      json(res, 404, { detail: 'not found' });
    });
  });
  afterAll(() => yousign.close());

  it('creates the request, uploads the document as signable_document, adds signers, activates', async () => {
    const provider = new YousignSignatureProvider({
      baseUrl: yousign.url,
      apiKey: 'test-key',
      pageCount: async () => 2,
    });
    const document = Buffer.from('%PDF-1.7\ncontenu\n%%EOF\n');
    expect(await provider.create(request, document)).toBe('sr-1');
    const calls = yousign.requests.map((r) => `${r.method} ${r.path}`);
    expect(calls).toEqual([
      'POST /v3/signature_requests',
      'POST /v3/signature_requests/sr-1/documents',
      'POST /v3/signature_requests/sr-1/signers',
      'POST /v3/signature_requests/sr-1/signers',
      'POST /v3/signature_requests/sr-1/activate',
    ]);
    const [create, upload, first, second] = yousign.requests;
    expect(JSON.parse(create.body.toString())).toEqual({
      name: "Lettre d'engagement - Camille Rousseau",
      delivery_mode: 'email',
      timezone: 'Europe/Paris',
      external_id: request.transactionId,
    });
    expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const multipart = upload.body.toString('latin1');
    expect(multipart).toMatch(/name="nature"\r\n\r\nsignable_document\r\n/);
    expect(multipart).toMatch(
      /name="file"; filename="document.pdf"\r\nContent-Type: application\/pdf/,
    );
    expect(multipart).toContain('%PDF-1.7\ncontenu');
    expect(JSON.parse(first.body.toString())).toEqual({
      info: {
        first_name: 'Camille',
        last_name: 'Rousseau',
        email: 'camille@exemple.fr',
        locale: 'fr',
      },
      signature_level: 'electronic_signature',
      signature_authentication_mode: 'no_otp',
      fields: [{ document_id: 'doc-1', type: 'signature', page: 2, x: 320, y: 640 }],
    });
    expect(JSON.parse(second.body.toString()).info).toMatchObject({
      first_name: 'Jean',
      last_name: 'Le Gall',
    });
  });

  it('downloads the signed document and the signers’ audit trails', async () => {
    yousign.requests.length = 0;
    const provider = new YousignSignatureProvider({
      baseUrl: yousign.url,
      apiKey: 'test-key',
      concat: async (parts) => Buffer.concat(parts),
    });
    const { signed, proof } = await provider.finalize({ ...request, externalId: 'sr-1' });
    expect(Buffer.from(signed).toString()).toContain('signed');
    expect(Buffer.from(proof).toString()).toContain('audit signer-1');
    expect(Buffer.from(proof).toString()).toContain('audit signer-2');
  });

  it('cancels a request at Yousign with a reason', async () => {
    yousign.requests.length = 0;
    const provider = new YousignSignatureProvider({ baseUrl: yousign.url, apiKey: 'test-key' });
    await provider.cancel('sr-1');
    expect(yousign.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v3/signature_requests/sr-1/cancel',
    ]);
    expect(JSON.parse(yousign.requests[0].body.toString())).toMatchObject({
      reason: 'contractualization_aborted',
    });
  });

  it('fails with the status on an error answer, a wrong key, or no request id', async () => {
    const provider = new YousignSignatureProvider({ baseUrl: yousign.url, apiKey: 'test-key' });
    await expect(provider.finalize({ ...request, externalId: 'broken' })).rejects.toMatchObject({
      name: 'YousignError',
      status: 500,
    });
    const wrongKey = new YousignSignatureProvider({ baseUrl: yousign.url, apiKey: 'nope' });
    await expect(wrongKey.create(request, Buffer.from('%PDF-'))).rejects.toBeInstanceOf(
      YousignError,
    );
    await expect(provider.finalize(request)).rejects.toBeInstanceOf(YousignError);
    const closed = new YousignSignatureProvider({
      baseUrl: 'http://127.0.0.1:9/v3',
      apiKey: 'k',
      timeoutMs: 2000,
    });
    await expect(closed.create(request, Buffer.from('%PDF-'))).rejects.toMatchObject({
      status: null,
    });
  });

  it('splits names for Yousign', () => {
    expect(splitName('Camille')).toEqual({ first_name: 'Camille', last_name: 'Camille' });
    expect(splitName(' Jean  Le Gall ')).toEqual({ first_name: 'Jean', last_name: 'Le Gall' });
  });
});
