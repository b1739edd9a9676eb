import { Inject, Module, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { EventStore } from '@reloc/eventstore';
import {
  createJobQueue,
  JobQueue,
  registerProcessors,
  SignatureJobs,
  SignatureProcessorDeps,
  signatureProcessors,
  signatureProviders,
  SignatureServices,
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

/**
 * What the signature jobs use in the embedded mode: the api's blob store and the providers (the
 * built-in one, and Yousign when configured), built as the worker builds them.
 */
export function signatureServices(config: AppConfig, files: FilesService): SignatureServices {
  return { blobs: files.blobs, providers: signatureProviders(config.yousign) };
}

/**
 * Signature templates and requests. The provider calls run as jobs on their own queue
 * (`signatures.*`). With REDIS_URL set they go to BullMQ and the worker runs them (it has the
 * same blob store, key and providers): the api only enqueues. Without it the api runs them
 * in-process.
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
    // Scaled mode: the worker processes the jobs (services/worker/src/main.ts).
    if (this.queue.kind !== 'in-process') return;
    const deps: SignatureProcessorDeps = {
      logger: nestJobLogger('SignatureJobs'),
      store: this.store,
      signatures: signatureServices(this.config, this.files),
    };
    await registerProcessors(this.queue, signatureProcessors, deps);
    // Once the read models have caught up with the log (the projector starts after init).
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
