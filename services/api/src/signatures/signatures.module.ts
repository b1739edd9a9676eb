import { Inject, Module, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { EventStore } from '@reloc/eventstore';
import { PDFDocument } from 'pdf-lib';
import { concatPdfs, stampSignedDocument } from '@reloc/pdf';
import {
  BuiltinSignatureProvider,
  createJobQueue,
  JobQueue,
  registerProcessors,
  SignatureJobs,
  SignatureProcessorDeps,
  signatureProcessors,
  SignatureServices,
  YousignSignatureProvider,
} from '@reloc/worker';
import { APP_CONFIG, AppConfig } from '../config';
import { FilesModule } from '../files/files.module';
import { FilesService } from '../files/files.service';
import { nestJobLogger } from '../geo/geo-jobs.module';
import { HostsModule } from '../hosts/hosts.module';
import { Projector } from '../infrastructure/projector';
import { EVENT_STORE } from '../infrastructure/tokens';
import { ProjectsModule } from '../projects/projects.module';
import { ProposalsModule } from '../proposals/proposals.module';
import { SignatureTemplatesController } from './signature-templates.controller';
import { SignatureTemplatesService } from './signature-templates.service';
import { SignaturesController } from './signatures.controller';
import { SIGNATURE_QUEUE, SignaturesService } from './signatures.service';
import { SignedLinks } from './signed-links';
import { SigningController } from './signing.controller';
import { YousignWebhookController } from './yousign-webhook.controller';

/** The providers the signature jobs call: the built-in one, and Yousign when configured. */
export function signatureServices(config: AppConfig, files: FilesService): SignatureServices {
  return {
    blobs: files.blobs,
    providers: {
      builtin: new BuiltinSignatureProvider(stampSignedDocument),
      ...(config.yousign
        ? {
            yousign: new YousignSignatureProvider({
              baseUrl: config.yousign.apiUrl,
              apiKey: config.yousign.apiKey,
              pageCount: async (pdf) =>
                (await PDFDocument.load(pdf, { ignoreEncryption: true })).getPageCount(),
              concat: concatPdfs,
            }),
          }
        : {}),
    },
  };
}

/**
 * Signature templates and requests. The provider calls run as jobs on their own queue
 * (`signatures.*`: BullMQ when REDIS_URL is set, else in-process); the api registers their
 * processors itself in both modes, since they need its blob store and the PDF stamping.
 */
@Module({
  imports: [FilesModule, ProjectsModule, ProposalsModule, HostsModule],
  controllers: [
    SignatureTemplatesController,
    SignaturesController,
    SigningController,
    YousignWebhookController,
  ],
  providers: [
    SignedLinks,
    SignatureTemplatesService,
    SignaturesService,
    {
      provide: SIGNATURE_QUEUE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): JobQueue<SignatureJobs> => {
        const logger = nestJobLogger('SignatureJobs');
        return createJobQueue<SignatureJobs>(
          { REDIS_URL: config.redisUrl ?? '' },
          {
            prefix: config.jobPrefix ?? undefined,
            onError: (error, context) => logger.warn(`jobs: ${context}`, { error }),
          },
        );
      },
    },
  ],
})
export class SignaturesModule implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SIGNATURE_QUEUE) private readonly queue: JobQueue<SignatureJobs>,
    private readonly files: FilesService,
    private readonly signatures: SignaturesService,
    private readonly projector: Projector,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const deps: SignatureProcessorDeps = {
      logger: nestJobLogger('SignatureJobs'),
      store: this.store,
      signatures: signatureServices(this.config, this.files),
    };
    await registerProcessors(this.queue, signatureProcessors, deps);
    // Once the read models have caught up with the log (the projector starts after init).
    if (this.queue.kind === 'in-process')
      void this.store
        .headPosition()
        .then((head) => this.projector.waitFor(head, 120_000))
        .then(() => this.signatures.resumePending())
        .then((resumed) => {
          if (resumed)
            deps.logger.info('Tâches de signature reprises / signature jobs resumed', { resumed });
        })
        .catch((error: unknown) =>
          deps.logger.warn('Reprise des signatures impossible / resume failed', { error }),
        );
  }

  async onModuleDestroy(): Promise<void> {
    await this.queue.close();
  }
}
