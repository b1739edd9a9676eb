import { MESSAGES } from '../rules/messages';
import { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import { isSignatureStep, SIGNATURE_MESSAGES, SignatureStep } from './signature-template';

export const SIGNATURE_PROVIDERS = ['builtin', 'yousign'] as const;
export type SignatureProvider = (typeof SIGNATURE_PROVIDERS)[number];
export type SignatureStatus = 'OPEN' | 'ARCHIVED';
export type SignerRole = 'requester' | 'coRequester';

export type Signer = { name: string; email: string; role: SignerRole; signedAt: string | null };

/** One signature request of a project (one per step), as the `signatures-<projectId>` stream holds it. */
export type SignatureRequest = {
  _id: string;
  projectId: string;
  step: SignatureStep;
  status: SignatureStatus;
  transactionId: string;
  provider: SignatureProvider;
  /** The provider call failed (§8 "signature failures set an error flag"). */
  error: boolean;
  errorReason: string | null;
  instances: Signer[];
  /** Host ids picked for the `visits` step. */
  properties: string[];
  templateId: string;
  /** sha256 of the document to sign (its blob). */
  documentHash: string;
  documentName: string;
  /** The provider's id of the request (Yousign's signature request id), once created. */
  externalId: string | null;
  /** Blobs of the signed document and of the proof, once archived. */
  finalHash: string | null;
  proofHash: string | null;
  createdAt: string;
  signedAt: string | null;
};

export type SignaturesState = {
  projectId: string;
  /** The current request of each step (an aborted one is gone). */
  requests: Partial<Record<SignatureStep, SignatureRequest>>;
  revision: number;
};

export const signaturesStream = (projectId: string) => `signatures-${projectId}`;

export type RequestSignature = {
  type: 'RequestSignature';
  projectId: string;
  signatureId: string;
  transactionId: string;
  step: SignatureStep;
  provider: SignatureProvider;
  templateId: string;
  documentHash: string;
  documentName: string;
  signers: Omit<Signer, 'signedAt'>[];
  properties: string[];
  at: string;
};
export type AbortSignature = { type: 'AbortSignature'; step: SignatureStep; at: string };
export type LinkSignatureProvider = {
  type: 'LinkSignatureProvider';
  step: SignatureStep;
  transactionId: string;
  externalId: string;
  at: string;
};
export type SignAsSigner = {
  type: 'SignAsSigner';
  step: SignatureStep;
  transactionId: string;
  signerIndex: number;
  at: string;
};
export type ArchiveSignature = {
  type: 'ArchiveSignature';
  step: SignatureStep;
  transactionId: string;
  finalHash: string;
  proofHash: string;
  at: string;
};
export type FailSignature = {
  type: 'FailSignature';
  step: SignatureStep;
  transactionId: string;
  reason: string;
  at: string;
};
export type SignatureCommand =
  | RequestSignature
  | AbortSignature
  | LinkSignatureProvider
  | SignAsSigner
  | ArchiveSignature
  | FailSignature;

export type SignatureRequested = {
  type: 'SignatureRequested';
  data: Omit<RequestSignature, 'type'>;
};
export type SignatureAborted = {
  type: 'SignatureAborted';
  data: { projectId: string; step: SignatureStep; transactionId: string; at: string };
};
export type SignatureProviderLinked = {
  type: 'SignatureProviderLinked';
  data: Omit<LinkSignatureProvider, 'type'> & { projectId: string };
};
export type SignerSigned = {
  type: 'SignerSigned';
  data: Omit<SignAsSigner, 'type'> & { projectId: string };
};
export type SignatureArchived = {
  type: 'SignatureArchived';
  data: Omit<ArchiveSignature, 'type'> & { projectId: string };
};
export type SignatureFailed = {
  type: 'SignatureFailed';
  data: Omit<FailSignature, 'type'> & { projectId: string };
};
export type SignatureEvent =
  | SignatureRequested
  | SignatureAborted
  | SignatureProviderLinked
  | SignerSigned
  | SignatureArchived
  | SignatureFailed;

export const SIGNATURE_EVENT_TYPES: Record<SignatureEvent['type'], true> = {
  SignatureRequested: true,
  SignatureAborted: true,
  SignatureProviderLinked: true,
  SignerSigned: true,
  SignatureArchived: true,
  SignatureFailed: true,
};

export function emptySignatures(): SignaturesState {
  return { projectId: '', requests: {}, revision: -1 };
}

export function allSigned(request: Pick<SignatureRequest, 'instances'>): boolean {
  return request.instances.length > 0 && request.instances.every((s) => s.signedAt !== null);
}

/** The current request of a step for this transaction, when it is still open. */
function openRequest(
  state: SignaturesState,
  step: SignatureStep,
  transactionId: string,
): SignatureRequest | null {
  const request = state.requests[step];
  return request && request.transactionId === transactionId && request.status === 'OPEN'
    ? request
    : null;
}

function checkStep(step: unknown): asserts step is SignatureStep {
  if (!isSignatureStep(step))
    throw new DomainError(MESSAGES.invalid, 'invalid', { step: MESSAGES.invalid });
}

export function decideSignatures(
  command: SignatureCommand,
  state: SignaturesState,
): SignatureEvent[] {
  checkStep(command.step);
  switch (command.type) {
    case 'RequestSignature': {
      if (!command.signers.length || command.signers.some((s) => !s.email))
        throw new DomainError(SIGNATURE_MESSAGES.noSigner, 'invalid');
      const { type: _type, ...data } = command;
      void _type;
      const events: SignatureEvent[] = [];
      const current = state.requests[command.step];
      // One request per step: an open one is aborted, then recreated (§4).
      if (current?.status === 'OPEN')
        events.push({
          type: 'SignatureAborted',
          data: {
            projectId: command.projectId,
            step: command.step,
            transactionId: current.transactionId,
            at: command.at,
          },
        });
      events.push({ type: 'SignatureRequested', data });
      return events;
    }
    case 'AbortSignature': {
      const current = state.requests[command.step];
      if (!current) throw new DomainError(SIGNATURE_MESSAGES.notFound, 'notFound');
      return [
        {
          type: 'SignatureAborted',
          data: {
            projectId: state.projectId,
            step: command.step,
            transactionId: current.transactionId,
            at: command.at,
          },
        },
      ];
    }
    case 'LinkSignatureProvider': {
      const request = openRequest(state, command.step, command.transactionId);
      if (!request || request.externalId === command.externalId) return [];
      const { type: _type, ...data } = command;
      void _type;
      return [{ type: 'SignatureProviderLinked', data: { ...data, projectId: state.projectId } }];
    }
    case 'SignAsSigner': {
      const request = openRequest(state, command.step, command.transactionId);
      if (!request) throw new DomainError(SIGNATURE_MESSAGES.notOpen, 'conflict');
      const signer = request.instances[command.signerIndex];
      if (!signer) throw new DomainError(SIGNATURE_MESSAGES.linkInvalid, 'notFound');
      if (signer.signedAt) throw new DomainError(SIGNATURE_MESSAGES.alreadySigned, 'conflict');
      const { type: _type, ...data } = command;
      void _type;
      return [{ type: 'SignerSigned', data: { ...data, projectId: state.projectId } }];
    }
    case 'ArchiveSignature': {
      // A late or repeated job result for another (aborted) transaction is no event.
      if (!openRequest(state, command.step, command.transactionId)) return [];
      const { type: _type, ...data } = command;
      void _type;
      return [{ type: 'SignatureArchived', data: { ...data, projectId: state.projectId } }];
    }
    case 'FailSignature': {
      const request = openRequest(state, command.step, command.transactionId);
      if (!request || request.error) return [];
      const { type: _type, ...data } = command;
      void _type;
      return [{ type: 'SignatureFailed', data: { ...data, projectId: state.projectId } }];
    }
  }
}

/** One request through one of its events (shared by the stream state and the read model). */
export function evolveSignatureRequest(
  request: SignatureRequest | null,
  event: SignatureEvent,
): SignatureRequest | null {
  switch (event.type) {
    case 'SignatureRequested': {
      const d = event.data;
      return {
        _id: d.signatureId,
        projectId: d.projectId,
        step: d.step,
        status: 'OPEN',
        transactionId: d.transactionId,
        provider: d.provider,
        error: false,
        errorReason: null,
        instances: d.signers.map((s) => ({ ...s, signedAt: null })),
        properties: [...d.properties],
        templateId: d.templateId,
        documentHash: d.documentHash,
        documentName: d.documentName,
        externalId: null,
        finalHash: null,
        proofHash: null,
        createdAt: d.at,
        signedAt: null,
      };
    }
    case 'SignatureAborted':
      return request && request.transactionId === event.data.transactionId ? null : request;
    case 'SignatureProviderLinked':
      return request && { ...request, externalId: event.data.externalId };
    case 'SignerSigned':
      return (
        request && {
          ...request,
          instances: request.instances.map((s, i) =>
            i === event.data.signerIndex ? { ...s, signedAt: event.data.at } : s,
          ),
        }
      );
    case 'SignatureArchived':
      return (
        request && {
          ...request,
          status: 'ARCHIVED',
          error: false,
          errorReason: null,
          finalHash: event.data.finalHash,
          proofHash: event.data.proofHash,
          // A provider that reports only the end (Yousign's webhook) signs the rest now.
          instances: request.instances.map((s) => ({
            ...s,
            signedAt: s.signedAt ?? event.data.at,
          })),
          signedAt: event.data.at,
        }
      );
    case 'SignatureFailed':
      return request && { ...request, error: true, errorReason: event.data.reason };
  }
}

export function evolveSignatures(state: SignaturesState, event: SignatureEvent): SignaturesState {
  const step = event.data.step;
  const next = evolveSignatureRequest(state.requests[step] ?? null, event);
  const requests = { ...state.requests };
  if (next) requests[step] = next;
  else delete requests[step];
  return { projectId: event.data.projectId, requests, revision: state.revision + 1 };
}

/** The signature requests of a project (`signatures-<projectId>` streams). */
export const signaturesDecider: Decider<SignatureCommand, SignatureEvent, SignaturesState> = {
  initialState: emptySignatures,
  decide: decideSignatures,
  evolve: evolveSignatures,
};
