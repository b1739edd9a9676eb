import { DynamicModule, Global, Module, RequestMethod } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { LoggerModule, Params } from 'nestjs-pino';
import type { Options } from 'pino-http';
import { DataDirLock } from './infrastructure/data-dir-lock';
import { humanLogStream } from './infrastructure/log-format';
import { currentRequest } from './infrastructure/http/request-context';
import { AuthModule } from './auth/auth.module';
import { APP_CONFIG, AppConfig } from './config';
import { HealthController } from './health/health.controller';
import { AddressController } from './geo/address.controller';
import { AddressSearchService } from './geo/address-search.service';
import { GeoJobsModule } from './geo/geo-jobs.module';
import { EventSourcingModule } from './infrastructure/event-sourcing.module';
import { NotificationsModule } from './notifications/notifications.module';
import { KnowledgeModule } from './knowledge/knowledge.module';
import { SeedService } from './seed/seed.service';
import { UsersModule } from './users/users.module';
import { ProjectsModule } from './projects/projects.module';
import { ProspectsModule } from './prospects/prospects.module';
import { HostsModule } from './hosts/hosts.module';
import { AnnouncementsModule } from './announcements/announcements.module';
import { ProposalsModule } from './proposals/proposals.module';
import { FilesModule } from './files/files.module';
import { ExportsModule } from './exports/exports.module';
import { SignaturesModule } from './signatures/signatures.module';
import { DocumentsModule } from './documents/documents.module';
import { IntegrationModule } from './integration/integration.module';
import { AdminModule } from './admin/admin.module';
import { MailModule } from './mail/mail.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { BillingModule } from './billing/billing.module';
import { AuditModule } from './audit/audit.module';
import { BackupScheduler } from './backup/backup-scheduler';

@Global()
@Module({})
class ConfigModule {
  static with(config: AppConfig, lock: DataDirLock): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: DataDirLock, useValue: lock },
      ],
      exports: [APP_CONFIG, DataDirLock],
    };
  }
}

function pinoHttpOptions(config: AppConfig): Params['pinoHttp'] {
  const options: Options = {
    level: config.logLevel,
    genReqId: (req) => (req as { id?: string }).id ?? 'unknown',
    customProps: () => ({ correlationId: currentRequest()?.correlationId }),
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    quietReqLogger: true,
  };
  return config.logFormat === 'pretty' ? [options, humanLogStream()] : options;
}

@Module({})
export class AppModule {
  /** `lock` is this process's hold on the data folder (taken by createApp before anything opens). */
  static with(config: AppConfig, lock: DataDirLock): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.with(config, lock),
        // One JSON line per log and per request, each with its request and correlation ids;
        // LOG_FORMAT=pretty writes a short human line instead (npm start's terminal).
        LoggerModule.forRoot({
          pinoHttp: pinoHttpOptions(config),
          // Every route, in Nest 11's wildcard syntax (the default '*' warns at each start).
          forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
        }),
        CqrsModule.forRoot(),
        EventSourcingModule,
        UsersModule,
        AuthModule,
        ProjectsModule,
        ProspectsModule,
        HostsModule,
        AnnouncementsModule,
        ProposalsModule,
        GeoJobsModule,
        FilesModule,
        ExportsModule,
        SignaturesModule,
        DocumentsModule,
        IntegrationModule,
        AdminModule,
        MailModule,
        DashboardModule,
        NotificationsModule,
        KnowledgeModule,
        BillingModule,
        AuditModule,
      ],
      controllers: [HealthController, AddressController],
      providers: [SeedService, AddressSearchService, BackupScheduler],
      exports: [BackupScheduler],
    };
  }
}
