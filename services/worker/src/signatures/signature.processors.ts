import {
  allSigned,
  documentsDecider,
  fileSignedDocumentCommand,
  newObjectId,
  projectDocumentsStream,
  SignatureRequest,
  signaturesDecider,
  signaturesStream,
} from '@reloc/domain';
import type { EventStore } from '@reloc/eventstore';
import { executeOnStream, loadStream, systemActor } from '../commands/stream-commands';
import type { JobContext } from '../jobs/job-queue';
import type { Processor, ProcessorDeps, ProcessorRegistry } from '../processors/processor';
import {
  CancelSignatureJob,
  SIGNATURE_JOB_NAMES,
  SignatureJob,
  SignatureJobs,
  SignatureServices,
} from './signature-jobs';

/** The processors' dependencies: the event store and the blob store and providers. */
export type SignatureProcessorDeps = ProcessorDeps & { signatures?: SignatureServices };

function signatureDeps(deps: ProcessorDeps): { store: EventStore; services: SignatureServices } {
  const { store, signatures } = deps as SignatureProcessorDeps;
  if (!store || !signatures)
    throw new Error('The signature processors need an event store and the signature services');
  return { store, services: signatures };
}

const commandContext = (name: string, jobId: string) => ({
  actor: systemActor(name),
  causationId: jobId,
});

/** The job's request while it is still the open one of its step; null: nothing to do. */
async function openRequest(store: EventStore, job: SignatureJob): Promise<SignatureRequest | null> {
  const { state } = await loadStream(store, signaturesStream(job.projectId), signaturesDecider);
  const request = state.requests[job.step];
  return request && request.transactionId === job.transactionId && request.status === 'OPEN'
    ? request
    : null;
}

/**
 * Runs a provider call; on the last failed attempt the request is marked in error (§8
 * "signature failures set an error flag") before the job fails.
 */
async function withFailureFlag(
  name: string,
  payload: SignatureJob,
  context: JobContext,
  deps: ProcessorDeps,
  run: (store: EventStore, services: SignatureServices) => Promise<void>,
): Promise<void> {
  const { store, services } = signatureDeps(deps);
  try {
    await run(store, services);
  } catch (error) {
    if (context.attempt >= context.maxAttempts)
      await executeOnStream(
        store,
        signaturesStream(payload.projectId),
        signaturesDecider,
        {
          type: 'FailSignature',
          step: payload.step,
          transactionId: payload.transactionId,
          reason: error instanceof Error ? error.message.slice(0, 500) : String(error),
          at: new Date().toISOString(),
        },
        commandContext(name, context.jobId),
      );
    throw error;
  }
}

function documentOf(services: SignatureServices, request: SignatureRequest): Uint8Array {
  const document = services.blobs.get(request.documentHash);
  if (!document) throw new Error(`Document introuvable / missing blob ${request.documentHash}`);
  return document;
}

function providerOf(services: SignatureServices, request: SignatureRequest) {
  const provider = services.providers[request.provider];
  if (!provider)
    throw new Error(`Fournisseur de signature absent / no ${request.provider} provider`);
  return provider;
}

/** Creates the request at its provider and records the provider's id. */
export const createSignatureProcessor: Processor<SignatureJob> = {
  concurrency: 2,
  handle(payload, context, deps) {
    const name = SIGNATURE_JOB_NAMES.create;
    return withFailureFlag(name, payload, context, deps, async (store, services) => {
      const request = await openRequest(store, payload);
      if (!request || request.externalId) return;
      const externalId = await providerOf(services, request).create(
        request,
        documentOf(services, request),
      );
      if (externalId)
        await executeOnStream(
          store,
          signaturesStream(payload.projectId),
          signaturesDecider,
          {
            type: 'LinkSignatureProvider',
            step: payload.step,
            transactionId: payload.transactionId,
            externalId,
            at: new Date().toISOString(),
          },
          commandContext(name, context.jobId),
        );
    });
  },
};

/**
 * Files an archived request's signed PDF among the project's documents (issue 15), once per
 * blob: run again (a retried job), it writes nothing.
 */
async function fileSignedDocument(
  store: EventStore,
  services: SignatureServices,
  request: SignatureRequest,
  context: ReturnType<typeof commandContext>,
): Promise<void> {
  const size = request.finalHash ? (services.blobs.get(request.finalHash)?.length ?? 0) : 0;
  const ids = Array.from({ length: 40 }, () => newObjectId());
  const command = fileSignedDocumentCommand(request, size, ids, new Date().toISOString());
  if (!command || !size) return;
  await executeOnStream(
    store,
    projectDocumentsStream(request.projectId),
    documentsDecider,
    command,
    context,
  );
}

/** The job's request once archived (same transaction), else null. */
async function archivedRequest(
  store: EventStore,
  job: SignatureJob,
): Promise<SignatureRequest | null> {
  const { state } = await loadStream(store, signaturesStream(job.projectId), signaturesDecider);
  const request = state.requests[job.step];
  return request && request.transactionId === job.transactionId && request.status === 'ARCHIVED'
    ? request
    : null;
}

/**
 * Builds or downloads the signed document and the proof, stores them, archives the request,
 * then files the signed PDF among the project's documents.
 */
export const finalizeSignatureProcessor: Processor<SignatureJob> = {
  concurrency: 2,
  handle(payload, context, deps) {
    const name = SIGNATURE_JOB_NAMES.finalize;
    return withFailureFlag(name, payload, context, deps, async (store, services) => {
      const done = await archivedRequest(store, payload);
      if (done)
        return fileSignedDocument(store, services, done, commandContext(name, context.jobId));
      const request = await openRequest(store, payload);
      if (!request) return;
      if (request.provider === 'builtin' && !allSigned(request)) return;
      const { signed, proof } = await providerOf(services, request).finalize(
        request,
        documentOf(services, request),
      );
      const finalHash = services.blobs.put(signed);
      const proofHash = services.blobs.put(proof);
      await executeOnStream(
        store,
        signaturesStream(payload.projectId),
        signaturesDecider,
        {
          type: 'ArchiveSignature',
          step: payload.step,
          transactionId: payload.transactionId,
          finalHash,
          proofHash,
          at: new Date().toISOString(),
        },
        commandContext(name, context.jobId),
      );
      const archived = await archivedRequest(store, payload);
      if (archived)
        await fileSignedDocument(store, services, archived, commandContext(name, context.jobId));
    });
  },
};

/** Cancels at its provider a request that is no longer the open one here (aborted, replaced). */
export const cancelSignatureProcessor: Processor<CancelSignatureJob> = {
  concurrency: 2,
  async handle(payload, _context, deps) {
    const { services } = signatureDeps(deps);
    await services.providers.yousign?.cancel(payload.externalId);
  },
};

/** Every signature processor, by job name (registered by the api on its signatures queue). */
export const signatureProcessors: ProcessorRegistry<SignatureJobs> = {
  'signatures.create': createSignatureProcessor,
  'signatures.finalize': finalizeSignatureProcessor,
  'signatures.cancel': cancelSignatureProcessor,
};
