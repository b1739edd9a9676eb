import { Logger } from '@nestjs/common';
import { Logger as PinoLogger } from 'nestjs-pino';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import { AppConfig } from './config';
import { installBodyParsing, installConsole } from './infrastructure/http/express-setup';
import { ApiExceptionFilter } from './infrastructure/http/exception.filter';
import { securityHeaders } from './infrastructure/http/security-headers';
import { requestContextMiddleware } from './infrastructure/http/request-context';
import { DataDirLock } from './infrastructure/data-dir-lock';
import { Projector } from './infrastructure/projector';
import { SeedService } from './seed/seed.service';
import { SeedClaim } from './seed/seed-claim';
import { EVENT_STORE } from './infrastructure/tokens';
import { GeoJobsModule } from './geo/geo-jobs.module';
import { BlobEraser } from './files/blob-eraser';
import { BlobMigrationRunner } from './files/blob-migration.runner';
import { BackupScheduler } from './backup/backup-scheduler';
import { Metrics, metricsHandler } from './infrastructure/metrics';
import { JOB_QUEUE } from './geo/geo-jobs.module';

/**
 * Builds the whole API (used by main.ts and by the tests): routes under /v1, our body
 * parsing and error shape, the OpenAPI page, the console's static files; then catches the
 * read models up and seeds the first run before it is handed back.
 */
export async function createApp(
  config: AppConfig,
  options: { logger?: false | ('fatal' | 'error' | 'warn' | 'log' | 'debug' | 'verbose')[] } = {},
): Promise<NestExpressApplication> {
  // Tests pass the Nest levels they want to see; the pino level is the most verbose of them.
  const mostVerbose = options.logger ? options.logger.at(-1) : undefined;
  const logLevel =
    options.logger === false
      ? 'silent'
      : mostVerbose
        ? (({ log: 'info', verbose: 'trace' } as Record<string, string>)[mostVerbose] ??
          mostVerbose)
        : config.logLevel;
  // Before anything opens the folder: a second api on it stops here (DataDirInUseError).
  const lock = DataDirLock.acquire(config.dataDir);
  let app: NestExpressApplication;
  try {
    app = await NestFactory.create<NestExpressApplication>(
      AppModule.with({ ...config, logLevel }, lock),
      { bodyParser: false, bufferLogs: true },
    );
  } catch (error) {
    lock.release();
    throw error;
  }
  app.useLogger(app.get(PinoLogger));
  app.use(requestContextMiddleware);
  const metrics = app.get(Metrics);
  app.use(metrics.middleware);
  // Outside /v1, before the console's fallback: loopback only, or a Bearer RELOC_METRICS_TOKEN.
  app.use('/metrics', metricsHandler(metrics, config.metricsToken));
  // Which proxies' X-Forwarded-* headers count (RELOC_TRUST_PROXY); none by default.
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.use(securityHeaders);
  installBodyParsing(app);
  app.setGlobalPrefix('v1');
  app.useGlobalFilters(new ApiExceptionFilter());
  app.enableShutdownHooks();
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle('Reloc API').setVersion('1').addBearerAuth().build(),
  );
  SwaggerModule.setup('v1/docs', app, document);
  installConsole(app, config.consoleDir);
  // init registers the CQRS handlers, which the seed needs.
  await app.init();
  await app.get(Projector).start();
  // Caught up: what the log let go meanwhile is erased; blobs of the former layout get encrypted.
  app.get(BlobEraser).start();
  void app.get(BlobMigrationRunner).start();
  // First run: once per deployment, whichever replica claims it (seed-claim.ts).
  const seed = app.get(SeedService);
  if (await seed.needed()) {
    await new SeedClaim(app.get(EVENT_STORE), app.get(Projector)).exclusively(
      () => seed.needed(),
      () => seed.run(),
    );
  }
  // After the seed: the reactor's first start begins at the head of the log.
  await app.get(GeoJobsModule).start();
  // Scheduled backups (RELOC_BACKUP_DIR): the first when the newest one is older than the period.
  const backups = app.get(BackupScheduler);
  backups.start();
  metrics.watchProjector(app.get(Projector), app.get(EVENT_STORE));
  await metrics.watchJobs(app.get(JOB_QUEUE));
  metrics.watchBackups(() => {
    const status = backups.status();
    return { ageSeconds: status.ageSeconds, lastOk: status.last ? status.last.ok : null };
  });
  Logger.log(`read models at position ${app.get(Projector).currentPosition}`, 'Bootstrap');
  return app;
}
