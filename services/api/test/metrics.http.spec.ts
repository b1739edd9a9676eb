import express from 'express';
import type { AddressInfo } from 'node:net';
import { createServer, Server } from 'node:http';
import { networkInterfaces } from 'node:os';
import request from 'supertest';
import { Metrics, metricsHandler } from '../src/infrastructure/metrics';
import { ACCOUNTS, startTestApp, TestApp } from './support/test-app';

/** An address of this machine that is not loopback (callers through it are "outside"). */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((info) => info && info.family === 'IPv4' && !info.internal)?.address;

/** Listens on every interface and calls through the non-loopback address. */
async function viaOutside(
  handler: express.Express | ((...args: never[]) => void),
  path: string,
  headers: Record<string, string> = {},
) {
  const server: Server = createServer(handler as never);
  await new Promise<void>((done) => server.listen(0, '0.0.0.0', done));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://${outsideAddress}:${port}${path}`, { headers });
    return { status: response.status, text: await response.text() };
  } finally {
    await new Promise((done) => server.close(done));
  }
}

describe('GET /metrics in Prometheus text format (issue 16 point 5)', () => {
  let t: TestApp;
  const as = async () => ({ Authorization: `Bearer ${await t.tokenOf('ADMIN')}` });

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('counts requests and latency by route pattern and status, commands by type and outcome, appends, projector lag', async () => {
    const created = await t
      .http()
      .post('/v1/prospects')
      .set(await as())
      .send({ name: 'Mesurée', assignees: { sale: 'SPE' } });
    expect(created.status).toBe(201);
    const id = created.body._id as string;
    const unknown = 'f'.repeat(id.length);
    expect(
      (
        await t
          .http()
          .get(`/v1/prospects/${id}`)
          .set(await as())
      ).status,
    ).toBe(200);
    expect(
      (
        await t
          .http()
          .get(`/v1/prospects/${unknown}`)
          .set(await as())
      ).status,
    ).toBe(404);
    expect(
      (
        await t
          .http()
          .post('/v1/prospects')
          .set(await as())
          .send({ name: '' })
      ).status,
    ).toBe(400);

    // A command the decider refuses: the claim of an e-mail already taken.
    const taken = await t
      .http()
      .post('/v1/user')
      .set({ Authorization: `Bearer ${await t.tokenOf('SUPERADMIN')}` })
      .send({ firstName: 'Dé', lastName: 'Jà', role: 'SALE', email: ACCOUNTS.ADMIN });
    expect(taken.status).toBeGreaterThanOrEqual(400);

    const res = await t.http().get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.text;
    expect(text).toContain(
      'reloc_http_requests_total{method="GET",route="/v1/prospects/:id",status="200"} 1',
    );
    expect(text).toContain(
      'reloc_http_requests_total{method="GET",route="/v1/prospects/:id",status="404"} 1',
    );
    expect(text).toMatch(
      /reloc_http_request_duration_seconds_count\{method="POST",route="\/v1\/prospects",status="201"\} [1-9]/,
    );
    expect(text).not.toContain(id);
    expect(text).not.toContain(unknown);
    expect(text).toMatch(/reloc_commands_total\{type="CreateProspect",outcome="accepted"\} [1-9]/);
    expect(text).toMatch(/reloc_commands_total\{type="Claim",outcome="refused"\} [1-9]/);
    expect(text).toMatch(/reloc_eventstore_append_duration_seconds_count [1-9]/);
    expect(text).toContain('reloc_projector_lag_events{read_model="prospects"} 0');
    expect(text).toMatch(/reloc_projector_position\{read_model="prospects"\} [1-9]\d+/);
    expect(text).toMatch(/reloc_eventstore_head_position [1-9]\d+/);
    for (const name of [
      'reloc_job_queue_depth',
      'reloc_jobs_total',
      'reloc_backup_age_seconds',
      'reloc_process_cpu_user_seconds_total',
    ])
      expect(text).toContain(`# TYPE ${name}`);
  });

  it('answers only loopback callers when no RELOC_METRICS_TOKEN is set, never through a proxy', async () => {
    const proxied = await t.http().get('/metrics').set('X-Forwarded-For', '203.0.113.9');
    expect(proxied.status).toBe(403);
    expect(proxied.body.message).toContain('RELOC_METRICS_TOKEN');
    if (outsideAddress) {
      const outside = await viaOutside(t.app.getHttpAdapter().getInstance(), '/metrics');
      expect(outside.status).toBe(403);
      expect(outside.text).not.toContain('reloc_http_requests_total');
    }
  });

  it('with RELOC_METRICS_TOKEN, wants the Bearer token from anywhere, loopback included', async () => {
    const metrics = new Metrics();
    const app = express();
    app.use('/metrics', metricsHandler(metrics, 'jeton-des-metriques'));
    const none = await request(app).get('/metrics');
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect((await request(app).get('/metrics').set('Authorization', 'Bearer faux')).status).toBe(
      401,
    );
    const good = await request(app)
      .get('/metrics')
      .set('Authorization', 'Bearer jeton-des-metriques');
    expect(good.status).toBe(200);
    expect(good.text).toContain('# TYPE reloc_http_requests_total counter');
    if (outsideAddress) {
      const outside = await viaOutside(app, '/metrics', {
        Authorization: 'Bearer jeton-des-metriques',
      });
      expect(outside.status).toBe(200);
    }
  });
});
