import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { PDFDocument } from 'pdf-lib';
import {
  newObjectId,
  projectDocumentsStream,
  signaturesDecider,
  signaturesStream,
} from '@reloc/domain';
import { SqliteEventStore } from '@reloc/eventstore';
import { executeOnStream, loadStream } from './commands/stream-commands';
import { EncryptedBlobStore } from './files/blob-store';
import {
  BullMqJobQueue,
  isRedisDriverInstalled,
  redisConnectionFromUrl,
} from './jobs/bullmq-job-queue';
import type { JobCounts } from './jobs/job-queue';
import {
  SIGNATURE_JOB_ATTEMPTS,
  SIGNATURE_JOB_BACKOFF_MS,
  SIGNATURE_JOB_NAMES,
  signatureJobId,
  SignatureJobs,
} from './signatures/signature-jobs';
import { isServiceRequired, probeRedisSync } from './testing/redis';

// Issue 18: in the scaled mode the worker runs every job, the signature jobs included. A
// finalize job enqueued on BullMQ as the api does is run by a real worker process, which stamps
// the PDF with the api's files key, records the result once, and reports its queues on /health.
const url = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const unavailable = !isRedisDriverInstalled()
  ? 'ioredis is not installed'
  : probeRedisSync(url).answers
    ? null
    : `no Redis at ${url}`;

const JOB_NAMES = [
  'maintenance.ping',
  'geo.geocodeHost',
  'geo.proposalDistances',
  'geo.projectDistances',
  ...Object.values(SIGNATURE_JOB_NAMES),
];
const staff = { actor: { id: 'u-admin', role: 'ADMIN', trigram: 'CMA' } };

async function waitFor(what: string, condition: () => boolean | Promise<boolean>, ms = 40000) {
  const until = Date.now() + ms;
  while (
    !(await Promise.resolve()
      .then(condition)
      .catch(() => false))
  ) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function onePagePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage().drawText('Lettre d’engagement');
  return pdf.save();
}

type Health = { status: string; pid: number; queues: Record<string, JobCounts> };

describe('the worker process runs the signature jobs (BullMQ on Redis)', () => {
  if (unavailable) {
    if (isServiceRequired('redis'))
      test(`fails: REQUIRE_SERVICES includes redis, but ${unavailable}`, () => {
        throw new Error(unavailable);
      });
    else test.skip(`skipped: ${unavailable}`, () => undefined);
    return;
  }

  const prefix = `reloc-test-sign-${randomUUID().slice(0, 8)}`;
  const key = randomBytes(32).toString('hex');
  let dir: string;
  let store: SqliteEventStore;
  let worker: ChildProcess | null = null;
  const output: string[] = [];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'reloc-worker-sign-'));
    store = new SqliteEventStore(join(dir, 'reloc.db'), { pollIntervalMs: 50 });
  });

  afterAll(async () => {
    if (worker && worker.exitCode === null) worker.kill('SIGKILL');
    await store.close();
    for (const name of JOB_NAMES) {
      const queue = new Queue(name, { connection: redisConnectionFromUrl(url), prefix });
      await queue.obliterate({ force: true });
      await queue.close();
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('stamps the signed PDF with the api’s key, records it once, and answers GET /health', async () => {
    // The api's side: the document to sign, in the shared files folder, and the request.
    const filesDir = join(dir, 'files');
    const apiBlobs = new EncryptedBlobStore({ filesDir, masterKey: Buffer.from(key, 'hex') });
    const documentHash = apiBlobs.put(await onePagePdf());
    const projectId = newObjectId();
    const transactionId = newObjectId();
    const stream = signaturesStream(projectId);
    const at = new Date().toISOString();
    await executeOnStream(
      store,
      stream,
      signaturesDecider,
      {
        type: 'RequestSignature',
        projectId,
        signatureId: newObjectId(),
        transactionId,
        step: 'engagement',
        provider: 'builtin',
        templateId: newObjectId(),
        documentHash,
        documentName: 'Lettre d’engagement.pdf',
        signers: [{ name: 'Camille Rousseau', email: 'camille@exemple.fr', role: 'requester' }],
        properties: [],
        at,
      },
      staff,
    );
    await executeOnStream(
      store,
      stream,
      signaturesDecider,
      { type: 'SignAsSigner', step: 'engagement', transactionId, signerIndex: 0, at },
      staff,
    );

    // The worker process, from source, with the api's files folder and key.
    const port = await freePort();
    worker = spawn(
      process.execPath,
      [
        '-r',
        join(__dirname, 'testing', 'ts-register.js'),
        join(__dirname, 'testing', 'run-worker.ts'),
      ],
      {
        env: {
          PATH: process.env.PATH,
          REDIS_URL: url,
          RELOC_DATA_DIR: dir,
          RELOC_FILES_DIR: filesDir,
          RELOC_FILES_KEY: key,
          RELOC_JOB_PREFIX: prefix,
          RELOC_WORKER_HEALTH_PORT: String(port),
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    worker.stdout?.on('data', (chunk) => output.push(String(chunk)));
    worker.stderr?.on('data', (chunk) => output.push(String(chunk)));
    const fail = (error: Error) => {
      throw new Error(`${error.message}\n${output.join('')}`);
    };
    const health = async (): Promise<Health> =>
      (await fetch(`http://127.0.0.1:${port}/health`)).json() as Promise<Health>;
    await waitFor('the worker’s health', async () => (await health()).status === 'ok').catch(fail);

    // Enqueued as the api does; and a second delivery of the same work under another id.
    const api = new BullMqJobQueue<SignatureJobs>({
      connection: redisConnectionFromUrl(url),
      prefix,
    });
    const job = { projectId, step: 'engagement' as const, transactionId };
    const name = SIGNATURE_JOB_NAMES.finalize;
    const options = { attempts: SIGNATURE_JOB_ATTEMPTS, backoffMs: SIGNATURE_JOB_BACKOFF_MS };
    await api.enqueue(name, job, { ...options, jobId: signatureJobId(name, job) });
    await api.enqueue(name, job, { ...options, jobId: `${signatureJobId(name, job)}:again` });

    const request = async () =>
      (await loadStream(store, stream, signaturesDecider)).state.requests.engagement;
    await waitFor(
      'the archived request',
      async () => (await request())?.status === 'ARCHIVED',
    ).catch(fail);
    await waitFor('both jobs finished', async () => {
      const counts = (await health()).queues[name];
      return counts.waiting + counts.delayed + counts.active === 0;
    }).catch(fail);
    await api.close();

    // Recorded once, the signed PDF filed once among the documents.
    const events = await store.readStream(stream);
    expect(events.filter((e) => e.type === 'SignatureArchived')).toHaveLength(1);
    const archived = (await request())!;
    const documents = await store.readStream(projectDocumentsStream(projectId));
    expect(
      documents.filter((e) => JSON.stringify(e.data).includes(archived.finalHash!)),
    ).toHaveLength(1);
    // Written by the worker, readable by the api: same key, stamped (signature block + evidence).
    const signed = apiBlobs.get(archived.finalHash!)!;
    expect(Buffer.from(signed.subarray(0, 5)).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(signed)).getPageCount()).toBe(2);
    expect(apiBlobs.get(archived.proofHash!)).not.toBeNull();
    expect(output.join('')).toContain('"job":"signatures.finalize"');

    const body = await health();
    expect(body).toMatchObject({ status: 'ok', pid: worker.pid });
    expect(Object.keys(body.queues).sort()).toEqual([...JOB_NAMES].sort());
    expect(body.queues[name]).toEqual({ waiting: 0, delayed: 0, active: 0, failed: 0 });
  }, 90000);
});
