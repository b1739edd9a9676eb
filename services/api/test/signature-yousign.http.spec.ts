import { createHmac } from 'node:crypto';
import { createServer, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { SIGNATURE_JOB_RETRY, SignaturesService } from '../src/signatures/signatures.service';
import { proposalFixtures } from './support/proposal-fixtures';
import { AccountRole, startTestApp, TestApp } from './support/test-app';

async function pdfWith(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595.28, 841.89]).drawText(text, { x: 50, y: 780, size: 14, font });
  return Buffer.from(await doc.save());
}

const SECRET = 'whsec-test-secret';
const sign = (body: string, secret = SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

type Call = { method: string; path: string; body: string };

/** A local server speaking Yousign API v3 (documented paths and shapes). */
async function fakeYousign() {
  const calls: Call[] = [];
  let n = 0;
  const signed = await pdfWith('Document signé Yousign');
  const trail = await pdfWith('Piste d’audit Yousign');
  const send = (res: ServerResponse, status: number, type: string, body: string | Buffer) => {
    res.writeHead(status, { 'content-type': type });
    res.end(body);
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const body = Buffer.concat(chunks).toString('latin1');
      calls.push({ method: req.method ?? '', path, body });
      const ok = (value: unknown, status = 201) =>
        send(res, status, 'application/json', JSON.stringify(value));
      if (req.headers.authorization !== 'Bearer ys-key') return ok({ detail: 'auth' }, 401);
      if (req.method === 'POST' && path === '/v3/signature_requests') {
        if (body.includes('Panne')) return ok({ detail: 'indisponible' }, 503);
        return ok({ id: `sr-${++n}`, status: 'draft' });
      }
      let m = /^\/v3\/signature_requests\/(sr-\d+)\/(documents|signers|activate|cancel)$/.exec(
        path,
      );
      if (req.method === 'POST' && m) return ok({ id: `${m[2]}-${m[1]}-${calls.length}` });
      if (
        req.method === 'GET' &&
        /^\/v3\/signature_requests\/sr-\d+\/documents\/download$/.test(path)
      )
        return send(res, 200, 'application/pdf', signed);
      m = /^\/v3\/signature_requests\/(sr-\d+)$/.exec(path);
      if (req.method === 'GET' && m)
        return ok({ id: m[1], status: 'done', signers: [{ id: 'si-1' }] }, 200);
      if (req.method === 'GET' && /\/signers\/si-1\/audit_trails\/download$/.test(path))
        return send(res, 200, 'application/pdf', trail);
      ok({ detail: 'not found' }, 404);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('Yousign provider and webhook (STACK.md, §8 signature failures)', () => {
  let t: TestApp;
  let yousign: Awaited<ReturnType<typeof fakeYousign>>;
  let f: ReturnType<typeof proposalFixtures>;
  const as = async (role: AccountRole) => ({ Authorization: `Bearer ${await t.tokenOf(role)}` });

  const generate = async (projectId: string) =>
    t
      .http()
      .post(`/v1/signatures/${projectId}`)
      .set(await as('ADMIN'))
      .send({ step: 'engagement' });
  const current = (projectId: string) =>
    t.app.get(SignaturesService).current(projectId, 'engagement');

  async function until<T>(read: () => T | Promise<T>, check: (v: T) => boolean): Promise<T> {
    for (let i = 0; i < 200; i++) {
      const value = await read();
      if (check(value)) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('timed out');
  }

  const webhook = (event: object, signature?: string) => {
    const body = JSON.stringify(event);
    const req = t
      .http()
      .post('/v1/signatures/webhook/yousign')
      .set('Content-Type', 'application/json');
    return (signature === undefined ? req : req.set('X-Yousign-Signature-256', signature)).send(
      body,
    );
  };
  const event = (name: string, id: string) => ({
    event_id: 'ev-1',
    event_name: name,
    event_time: '1700000000',
    subscription_id: 'sub-1',
    sandbox: true,
    data: { signature_request: { id, status: name.split('.')[1] } },
  });

  beforeAll(async () => {
    SIGNATURE_JOB_RETRY.backoffMs = 10;
    yousign = await fakeYousign();
    t = await startTestApp({
      RELOC_YOUSIGN_API_URL: yousign.url,
      RELOC_YOUSIGN_API_KEY: 'ys-key',
      RELOC_YOUSIGN_WEBHOOK_SECRET: SECRET,
    });
    f = proposalFixtures(t);
    const res = await t
      .http()
      .post('/v1/signature-templates')
      .set(await as('ADMIN'))
      .field('name', 'Lettre')
      .field('step', 'engagement')
      .attach('file', await pdfWith("Lettre d'engagement"), 'lettre.pdf');
    expect(res.status).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    await yousign.close();
  });

  it('creates the request at Yousign (a job), then archives on signature_request.done', async () => {
    const projectId = await f.createProject('Camille', 'Rousseau');
    const res = await generate(projectId);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ provider: 'yousign', status: 'OPEN', error: false });
    expect(res.body.instances[0].signUrl).toBeUndefined();
    const linked = await until(
      () => current(projectId),
      (r) => !!r?.externalId,
    );
    const id = linked!.externalId as string;
    expect(
      yousign.calls
        .filter((c) => c.path.startsWith(`/v3/signature_requests/${id}`))
        .map((c) => c.path),
    ).toEqual([
      `/v3/signature_requests/${id}/documents`,
      `/v3/signature_requests/${id}/signers`,
      `/v3/signature_requests/${id}/activate`,
    ]);
    const upload = yousign.calls.find((c) => c.path.endsWith('/documents'))!;
    expect(upload.body).toMatch(/name="nature"\r\n\r\nsignable_document/);

    const done = event('signature_request.done', id);
    const body = JSON.stringify(done);
    // No signature header: 401; a wrong one: 403; nothing changes.
    expect((await webhook(done)).status).toBe(401);
    expect((await webhook(done, sign(body, 'autre-secret'))).status).toBe(403);
    expect((await webhook(done, 'sha256=zz')).status).toBe(403);
    expect(current(projectId)?.status).toBe('OPEN');

    const ok = await webhook(done, sign(body));
    expect(ok.status).toBe(200);
    const archived = await until(
      () => current(projectId),
      (r) => r?.status === 'ARCHIVED',
    );
    const finalDoc = await t
      .http()
      .get(`/v1/signatures/final-doc/${projectId}/engagement/${archived!.transactionId}`)
      .set(await as('OPERATOR'));
    const signed = await t.http().get(finalDoc.body.finalDoc).buffer(true);
    const pdf = await PDFDocument.load(signed.body as Buffer);
    expect(pdf.getPageCount()).toBe(1);
    const proof = await t
      .http()
      .get(`/v1/signatures/proof/${archived!._id}`)
      .set(await as('OPERATOR'));
    expect(proof.status).toBe(200);
    const trail = await t.http().get(proof.body.proof).buffer(true);
    expect(trail.headers['content-type']).toBe('application/pdf');
  });

  it('cancels at Yousign a request that is regenerated or aborted', async () => {
    const projectId = await f.createProject('Léa', 'Annule');
    await generate(projectId);
    const first = await until(
      () => current(projectId),
      (r) => !!r?.externalId,
    );
    await generate(projectId);
    const cancelled = `/v3/signature_requests/${first!.externalId}/cancel`;
    await until(
      () => yousign.calls.filter((c) => c.path === cancelled).length,
      (n) => n === 1,
    );
    const second = await until(
      () => current(projectId),
      (r) => !!r?.externalId && r.transactionId !== first!.transactionId,
    );
    const abort = await t
      .http()
      .put(`/v1/signatures/abort/${projectId}`)
      .set(await as('SUPERADMIN'))
      .send({ step: 'engagement' });
    expect(abort.status).toBe(200);
    await until(
      () =>
        yousign.calls.some((c) => c.path === `/v3/signature_requests/${second!.externalId}/cancel`),
      (done) => done,
    );
    expect(current(projectId)).toBeNull();
  });

  it('flags the request in error on declined and expired, and when Yousign keeps failing', async () => {
    for (const name of ['signature_request.declined', 'signature_request.expired']) {
      const projectId = await f.createProject('Jules', 'Refus');
      await generate(projectId);
      const linked = await until(
        () => current(projectId),
        (r) => !!r?.externalId,
      );
      const body = JSON.stringify(event(name, linked!.externalId as string));
      const res = await t
        .http()
        .post('/v1/signatures/webhook/yousign')
        .set('Content-Type', 'application/json')
        .set('X-Yousign-Signature-256', sign(body))
        .send(body);
      expect(res.status).toBe(200);
      const list = await t
        .http()
        .get(`/v1/signatures/${projectId}`)
        .set(await as('SALE'));
      expect(list.body[0]).toMatchObject({ status: 'OPEN', error: true });
    }
    const broken = await f.createProject('Paul', 'Panne');
    expect((await generate(broken)).status).toBe(201);
    const failed = await until(
      () => current(broken),
      (r) => !!r?.error,
    );
    expect(failed!.errorReason).toContain('503');
    // An unknown request is acknowledged and changes nothing.
    const unknown = JSON.stringify(event('signature_request.done', 'sr-inconnu'));
    const res = await t
      .http()
      .post('/v1/signatures/webhook/yousign')
      .set('Content-Type', 'application/json')
      .set('X-Yousign-Signature-256', sign(unknown))
      .send(unknown);
    expect(res.status).toBe(200);
  });
});
