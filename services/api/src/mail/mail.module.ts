import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config';
import { ProjectsModule } from '../projects/projects.module';
import { MAIL_PORT, mailPortFrom } from './mail.port';
import { ClientMailsReadModel, MailsController } from './mails.controller';

/** The mail port (SMTP or outbox, by `RELOC_SMTP_URL`) and the client mails of a file. */
@Module({
  imports: [ProjectsModule],
  controllers: [MailsController],
  providers: [
    ClientMailsReadModel,
    {
      provide: MAIL_PORT,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => mailPortFrom(process.env, config.dataDir, config.filesKey),
    },
  ],
  exports: [MAIL_PORT],
})
export class MailModule {}
