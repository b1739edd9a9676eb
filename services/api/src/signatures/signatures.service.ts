import { Inject, Injectable } from '@nestjs/common';
import type Database from 'better-sqlite3';
import { appendListPage, hostFacts } from '@reloc/pdf';
import {
  allSigned,
  API_MESSAGES,
  DomainError,
  Host,
  isObjectId,
  newObjectId,
  pickVisitProperties,
  Project,
  SIGNATURE_MESSAGES,
  SIGNATURE_STEP_LABELS,
  SIGNATURE_STEPS,
  SignatureRequest,
  signaturesDecider,
  signaturesStream,
  SignatureStep,
  Signer,
} from '@reloc/domain';
import {
  JobQueue,
  SIGNATURE_JOB_ATTEMPTS,
  SIGNATURE_JOB_BACKOFF_MS,
  SIGNATURE_JOB_NAMES,
  SignatureJob,
  signatureJobId,
  SignatureJobs,
} from '@reloc/worker';
import { APP_CONFIG, AppConfig } from '../config';
import { withNewBlob } from '../files/blob-store';
import { FilesService } from '../files/files.service';
import { HostsReadModel } from '../hosts/hosts.read-model';
import { Actor, CommandExecutor } from '../infrastructure/command-executor';
import { READ_DB } from '../infrastructure/tokens';
import { ProjectsReadModel } from '../projects/projects.read-model';
import { ProposalsReadModel } from '../proposals/proposals.read-model';
import { SignatureTemplatesService } from './signature-templates.service';
import { SignedLinks } from './signed-links';

export const SIGNATURE_QUEUE = Symbol('SIGNATURE_QUEUE');

/** Retries of the provider calls (tests shorten the backoff). */
export const SIGNATURE_JOB_RETRY = {
  attempts: SIGNATURE_JOB_ATTEMPTS,
  backoffMs: SIGNATURE_JOB_BACKOFF_MS,
};

/** A signer; `signUrl` (built-in provider only) is the personal signing link, for staff. */
export type SignerDto = Signer & { signUrl?: string };
export type SignatureDto = {
  _id: string;
  step: SignatureStep;
  status: 'OPEN' | 'ARCHIVED';
  transactionId: string;
  provider: 'builtin' | 'yousign';
  error: boolean;
  instances: SignerDto[];
  properties: string[];
  createdAt: string;
  signedAt: string | null;
};

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The signers of a project: the tenant, and the co-applicant when the template asks and it is on. */
export function signersOf(project: Project, hasCoRequester: boolean): Omit<Signer, 'signedAt'>[] {
  const fields = project as unknown as Record<string, unknown>;
  const signers: Omit<Signer, 'signedAt'>[] = [
    {
      name: `${text(fields.firstName)} ${text(fields.lastName)}`.trim(),
      email: text(fields.userId).toLowerCase(),
      role: 'requester',
    },
  ];
  if (hasCoRequester && fields.coEnabled === true)
    signers.push({
      name: `${text(fields.coFirstName)} ${text(fields.coLastName)}`.trim(),
      email: text(fields.coEmail).toLowerCase(),
      role: 'coRequester',
    });
  return signers;
}

/** Signature requests (`signatures-<projectId>`), their jobs and their links. */
@Injectable()
export class SignaturesService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(READ_DB) private readonly db: Database.Database,
    @Inject(SIGNATURE_QUEUE) private readonly queue: JobQueue<SignatureJobs>,
    private readonly executor: CommandExecutor,
    private readonly templates: SignatureTemplatesService,
    private readonly projects: ProjectsReadModel,
    private readonly proposals: ProposalsReadModel,
    private readonly hosts: HostsReadModel,
    private readonly files: FilesService,
    private readonly links: SignedLinks,
  ) {}

  private project(projectId: string): Project {
    const project = isObjectId(projectId) ? this.projects.findById(projectId) : null;
    if (!project) throw new DomainError(API_MESSAGES.notFound, 'notFound');
    return project;
  }

  list(projectId: string): SignatureRequest[] {
    this.project(projectId);
    const docs = this.db
      .prepare('SELECT doc FROM signature_requests WHERE project_id = ?')
      .pluck()
      .all(projectId) as string[];
    return docs
      .map((doc) => JSON.parse(doc) as SignatureRequest)
      .sort((a, b) => SIGNATURE_STEPS.indexOf(a.step) - SIGNATURE_STEPS.indexOf(b.step));
  }

  current(projectId: string, step: string): SignatureRequest | null {
    const raw = this.db
      .prepare('SELECT doc FROM signature_requests WHERE project_id = ? AND step = ?')
      .pluck()
      .get(projectId, step) as string | undefined;
    return raw ? (JSON.parse(raw) as SignatureRequest) : null;
  }

  byId(id: string): SignatureRequest | null {
    const raw = isObjectId(id)
      ? (this.db.prepare('SELECT doc FROM signature_requests WHERE id = ?').pluck().get(id) as
          string | undefined)
      : undefined;
    return raw ? (JSON.parse(raw) as SignatureRequest) : null;
  }

  byExternalId(externalId: string): SignatureRequest | null {
    const raw = this.db
      .prepare(
        `SELECT doc FROM signature_requests WHERE json_extract(doc, '$.externalId') = ? LIMIT 1`,
      )
      .pluck()
      .get(externalId) as string | undefined;
    return raw ? (JSON.parse(raw) as SignatureRequest) : null;
  }

  dto(request: SignatureRequest): SignatureDto {
    return {
      _id: request._id,
      step: request.step,
      status: request.status,
      transactionId: request.transactionId,
      provider: request.provider,
      error: request.error,
      instances: request.instances.map((signer, index) => ({
        ...signer,
        ...(request.provider === 'builtin'
          ? {
              signUrl:
                this.config.publicUrl +
                this.links.signUrl({
                  projectId: request.projectId,
                  step: request.step,
                  transactionId: request.transactionId,
                  signer: index,
                }),
            }
          : {}),
      })),
      properties: request.properties,
      createdAt: request.createdAt,
      signedAt: request.signedAt,
    };
  }

  /** The document to sign: the template's PDF; for `visits`, plus a page listing the picked properties. */
  private async document(
    bytes: Uint8Array,
    step: SignatureStep,
    hosts: Host[],
  ): Promise<Uint8Array> {
    if (step !== 'visits') return bytes;
    return appendListPage(
      bytes,
      'Biens visités',
      hosts.map((host) => [
        host.address ?? 'Adresse non définie',
        ...hostFacts(host),
        `Contact : ${host.contactName ?? ''} ${host.contactPhoneNumber ?? ''}`.trim(),
      ]),
    );
  }

  /** §4: one request per step; an open one is aborted, then recreated. */
  async request(projectId: string, step: SignatureStep, actor: Actor): Promise<SignatureRequest> {
    const project = this.project(projectId);
    const template = this.templates.activeFor(step);
    if (!template) throw new DomainError(SIGNATURE_MESSAGES.noActiveTemplate, 'invalid');
    let picked: Host[] = [];
    if (step === 'visits') {
      const proposals = this.proposals.byProject(projectId);
      const hosts = new Map<string, Host>();
      for (const proposal of proposals) {
        const host = this.hosts.findById(proposal.idSell);
        if (host) hosts.set(host._id, host);
      }
      const chosen = project.chosenEstate ? this.hosts.findById(project.chosenEstate) : null;
      if (chosen) hosts.set(chosen._id, chosen);
      const pick = pickVisitProperties(proposals, hosts, project.chosenEstate);
      if (!pick.ok) throw new DomainError(SIGNATURE_MESSAGES.notEnoughExactAddresses, 'invalid');
      picked = pick.properties.map((id) => hosts.get(id) as Host);
    }
    const signers = signersOf(project, template.hasCoRequester);
    if (signers.some((s) => !s.email))
      throw new DomainError(SIGNATURE_MESSAGES.noSigner, 'invalid');
    const original = this.templates.bytesOf(template);
    if (!original) throw new Error(`template blob missing: ${template.file.hash}`);
    const document = await this.document(original, step, picked);
    const previous = this.current(projectId, step);
    const transactionId = newObjectId();
    // The document to sign is a blob of its own (the template's stays with the template).
    const { state } = await withNewBlob(this.files.blobs, document, (documentHash) =>
      this.executor.execute(
        signaturesStream(projectId),
        signaturesDecider,
        {
          type: 'RequestSignature',
          projectId,
          signatureId: newObjectId(),
          transactionId,
          step,
          provider: this.config.yousign ? 'yousign' : 'builtin',
          templateId: template._id,
          documentHash,
          documentName: `${SIGNATURE_STEP_LABELS[step]} - ${`${text(project.firstName)} ${text(project.lastName)}`.trim()}.pdf`,
          signers,
          properties: picked.map((h) => h._id),
          at: new Date().toISOString(),
        },
        { actor },
      ),
    );
    await this.cancelAtProvider(previous);
    await this.enqueue(SIGNATURE_JOB_NAMES.create, { projectId, step, transactionId });
    return state.requests[step] as SignatureRequest;
  }

  async abort(projectId: string, step: SignatureStep, actor: Actor): Promise<void> {
    this.project(projectId);
    const previous = this.current(projectId, step);
    await this.executor.execute(
      signaturesStream(projectId),
      signaturesDecider,
      { type: 'AbortSignature', step, at: new Date().toISOString() },
      { actor },
    );
    await this.cancelAtProvider(previous);
  }

  /** A signer signs on the built-in page; the last one starts the finalisation. */
  async sign(
    link: { projectId: string; step: SignatureStep; transactionId: string; signer: number },
    actor: Actor,
  ): Promise<SignatureRequest> {
    const { state } = await this.executor.execute(
      signaturesStream(link.projectId),
      signaturesDecider,
      {
        type: 'SignAsSigner',
        step: link.step,
        transactionId: link.transactionId,
        signerIndex: link.signer,
        at: new Date().toISOString(),
      },
      { actor },
    );
    const request = state.requests[link.step] as SignatureRequest;
    if (allSigned(request)) await this.finalize(request);
    return request;
  }

  finalize(request: Pick<SignatureRequest, 'projectId' | 'step' | 'transactionId'>): Promise<void> {
    return this.enqueue(SIGNATURE_JOB_NAMES.finalize, {
      projectId: request.projectId,
      step: request.step,
      transactionId: request.transactionId,
    });
  }

  async fail(request: SignatureRequest, reason: string, actor: Actor): Promise<void> {
    await this.executor.execute(
      signaturesStream(request.projectId),
      signaturesDecider,
      {
        type: 'FailSignature',
        step: request.step,
        transactionId: request.transactionId,
        reason,
        at: new Date().toISOString(),
      },
      { actor },
    );
  }

  /**
   * The in-process runner loses its waiting jobs when the api stops: at start, a built-in
   * request signed by everyone but not archived is finalised again, and a Yousign request not
   * yet created is created again (the jobs skip what is already done).
   */
  async resumePending(): Promise<number> {
    const table = this.db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'signature_requests'")
      .get();
    if (!table) return 0;
    const docs = this.db.prepare('SELECT doc FROM signature_requests').pluck().all() as string[];
    let resumed = 0;
    for (const request of docs.map((doc) => JSON.parse(doc) as SignatureRequest)) {
      if (request.status !== 'OPEN' || request.error) continue;
      const job = {
        projectId: request.projectId,
        step: request.step,
        transactionId: request.transactionId,
      };
      if (request.provider === 'builtin' && allSigned(request))
        await this.enqueue(SIGNATURE_JOB_NAMES.finalize, job);
      else if (request.provider === 'yousign' && !request.externalId)
        await this.enqueue(SIGNATURE_JOB_NAMES.create, job);
      else continue;
      resumed += 1;
    }
    return resumed;
  }

  /** A request replaced or aborted here is cancelled at its provider too (a job). */
  private async cancelAtProvider(previous: SignatureRequest | null): Promise<void> {
    if (previous?.status !== 'OPEN' || !previous.externalId) return;
    const job = {
      projectId: previous.projectId,
      step: previous.step,
      transactionId: previous.transactionId,
      externalId: previous.externalId,
    };
    await this.queue.enqueue(SIGNATURE_JOB_NAMES.cancel, job, {
      jobId: signatureJobId(SIGNATURE_JOB_NAMES.cancel, job),
      attempts: SIGNATURE_JOB_RETRY.attempts,
      backoffMs: SIGNATURE_JOB_RETRY.backoffMs,
    });
  }

  private async enqueue(
    name: typeof SIGNATURE_JOB_NAMES.create | typeof SIGNATURE_JOB_NAMES.finalize,
    job: SignatureJob,
  ): Promise<void> {
    await this.queue.enqueue(name, job, {
      jobId: signatureJobId(name, job),
      attempts: SIGNATURE_JOB_RETRY.attempts,
      backoffMs: SIGNATURE_JOB_RETRY.backoffMs,
    });
  }

  /** A short-lived link to a blob (the final document, the proof, the document to sign). */
  fileUrl(hash: string, name: string): string {
    return this.links.fileUrl(hash, name);
  }
}
