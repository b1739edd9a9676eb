import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  newObjectId,
  SignatureRequest,
  signaturesDecider,
  signaturesStream,
  SignatureStep,
} from '@reloc/domain';
import { SqliteEventStore } from '@reloc/eventstore';
import { executeOnStream, loadStream } from '../commands/stream-commands';
import type { JobContext } from '../jobs/job-queue';
import { createLogger } from '../logger';
import { BuiltinSignatureProvider } from './builtin-provider';
import {
  cancelSignatureProcessor,
  createSignatureProcessor,
  finalizeSignatureProcessor,
  SignatureProcessorDeps,
} from './signature.processors';
import type { SignatureProviderAdapter, SignatureServices } from './signature-jobs';

const logger = createLogger({ name: 'test', level: 'fatal' });
const context = (attempt = 1, maxAttempts = 1): JobContext => ({
  jobId: 'job-1',
  name: 'test',
  attempt,
  maxAttempts,
  progress: async () => undefined,
});
const staff = { actor: { id: 'u-admin', role: 'ADMIN', trigram: 'CMA' } };

/** An in-memory content-addressed store, like the api's blob store. */
function memoryBlobs() {
  const blobs = new Map<string, Uint8Array>();
  return {
    blobs,
    get: (hash: string) => blobs.get(hash) ?? null,
    put: (bytes: Uint8Array) => {
      const hash = createHash('sha256').update(bytes).digest('hex');
      blobs.set(hash, bytes);
      return hash;
    },
  };
}

let dir: string;
let store: SqliteEventStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'reloc-sign-proc-'));
  store = new SqliteEventStore(join(dir, 'events.db'));
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function requested(
  blobs: ReturnType<typeof memoryBlobs>,
  provider: 'builtin' | 'yousign',
): Promise<{ projectId: string; step: SignatureStep; transactionId: string }> {
  const projectId = newObjectId();
  const transactionId = newObjectId();
  const documentHash = blobs.put(Buffer.from('%PDF-1.7 document'));
  await executeOnStream(
    store,
    signaturesStream(projectId),
    signaturesDecider,
    {
      type: 'RequestSignature',
      projectId,
      signatureId: newObjectId(),
      transactionId,
      step: 'engagement',
      provider,
      templateId: newObjectId(),
      documentHash,
      documentName: 'Lettre.pdf',
      signers: [{ name: 'Camille Rousseau', email: 'camille@exemple.fr', role: 'requester' }],
      properties: [],
      at: new Date().toISOString(),
    },
    staff,
  );
  return { projectId, step: 'engagement', transactionId };
}

const current = async (projectId: string): Promise<SignatureRequest | undefined> =>
  (await loadStream(store, signaturesStream(projectId), signaturesDecider)).state.requests
    .engagement;

function fakeYousign(overrides: Partial<SignatureProviderAdapter> = {}) {
  const calls: string[] = [];
  const provider: SignatureProviderAdapter = {
    name: 'yousign',
    async create() {
      calls.push('create');
      return 'sr-42';
    },
    async finalize() {
      calls.push('finalize');
      return { signed: Buffer.from('%PDF signed'), proof: Buffer.from('%PDF audit') };
    },
    async cancel(id) {
      calls.push(`cancel ${id}`);
    },
    ...overrides,
  };
  return { provider, calls };
}

describe('signature processors', () => {
  it('creates the request at the provider and records its id; a repeated job does nothing', async () => {
    const blobs = memoryBlobs();
    const yousign = fakeYousign();
    const services: SignatureServices = { blobs, providers: { yousign: yousign.provider } };
    const deps: SignatureProcessorDeps = { logger, store, signatures: services };
    const job = await requested(blobs, 'yousign');
    await createSignatureProcessor.handle(job, context(), deps);
    expect((await current(job.projectId))?.externalId).toBe('sr-42');
    await createSignatureProcessor.handle(job, context(), deps);
    expect(yousign.calls).toEqual(['create']);

    await finalizeSignatureProcessor.handle(job, context(), deps);
    const archived = await current(job.projectId);
    expect(archived).toMatchObject({ status: 'ARCHIVED' });
    expect(blobs.get(archived!.finalHash!)?.toString()).toBe('%PDF signed');
    expect(blobs.get(archived!.proofHash!)?.toString()).toBe('%PDF audit');

    await cancelSignatureProcessor.handle({ ...job, externalId: 'sr-42' }, context(), deps);
    expect(yousign.calls).toEqual(['create', 'finalize', 'cancel sr-42']);
  });

  it('flags the request in error on the last failed attempt only', async () => {
    const blobs = memoryBlobs();
    const failing = fakeYousign({
      create: async () => {
        throw new Error('Yousign 503');
      },
    });
    const deps: SignatureProcessorDeps = {
      logger,
      store,
      signatures: { blobs, providers: { yousign: failing.provider } },
    };
    const job = await requested(blobs, 'yousign');
    await expect(createSignatureProcessor.handle(job, context(1, 3), deps)).rejects.toThrow(
      'Yousign 503',
    );
    expect((await current(job.projectId))?.error).toBe(false);
    await expect(createSignatureProcessor.handle(job, context(3, 3), deps)).rejects.toThrow(
      'Yousign 503',
    );
    expect(await current(job.projectId)).toMatchObject({ error: true, errorReason: 'Yousign 503' });
  });

  it('skips a stale transaction and waits for every built-in signer', async () => {
    const blobs = memoryBlobs();
    const stamp = jest.fn(async () => ({ signed: Buffer.from('s'), proof: Buffer.from('p') }));
    const deps: SignatureProcessorDeps = {
      logger,
      store,
      signatures: { blobs, providers: { builtin: new BuiltinSignatureProvider(stamp) } },
    };
    const job = await requested(blobs, 'builtin');
    await finalizeSignatureProcessor.handle(job, context(), deps);
    await finalizeSignatureProcessor.handle({ ...job, transactionId: 'other' }, context(), deps);
    expect(stamp).not.toHaveBeenCalled();
    await executeOnStream(
      store,
      signaturesStream(job.projectId),
      signaturesDecider,
      {
        type: 'SignAsSigner',
        step: 'engagement',
        transactionId: job.transactionId,
        signerIndex: 0,
        at: '2026-11-23T09:05:00.000Z',
      },
      staff,
    );
    await finalizeSignatureProcessor.handle(job, context(), deps);
    expect(stamp).toHaveBeenCalledWith(
      expect.objectContaining({
        documentName: 'Lettre.pdf',
        completedAt: '2026-11-23T09:05:00.000Z',
        signers: [expect.objectContaining({ name: 'Camille Rousseau' })],
      }),
    );
    expect(await current(job.projectId)).toMatchObject({ status: 'ARCHIVED' });
  });

  it('fails when the services are missing', async () => {
    const job = { projectId: newObjectId(), step: 'engagement' as const, transactionId: 'x' };
    await expect(
      createSignatureProcessor.handle(job, context(), { logger, store }),
    ).rejects.toThrow('signature services');
  });
});
