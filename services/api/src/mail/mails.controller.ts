import {
  Body,
  Controller,
  Get,
  Inject,
  Injectable,
  Param,
  Post,
  Query,
  Res,
  StreamableFile,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { basename } from 'node:path';
import type Database from 'better-sqlite3';
import { SendClientMailBody, sendClientMailSchema } from '@reloc/contracts';
import {
  checkClientMail,
  clientMailDecider,
  DomainError,
  isObjectId,
  MailType,
  newObjectId,
  PROJECT_MESSAGES,
} from '@reloc/domain';
import { actorOf, CurrentUser } from '../auth/current-user';
import { Roles } from '../auth/roles.decorator';
import { CommandExecutor } from '../infrastructure/command-executor';
import { validated } from '../infrastructure/http/validate';
import { READ_DB } from '../infrastructure/tokens';
import { ProjectsReadModel } from '../projects/projects.read-model';
import type { UserRow } from '../users/users.read-model';
import { clientMail } from './mail-texts';
import { MAIL_PORT, MailPort, OutboxMailer } from './mail.port';

export type SentMailDto = {
  _id: string;
  projectId: string;
  type: MailType;
  to: string;
  subject: string;
  transport: 'smtp' | 'outbox';
  sentAt: string;
  by: string | null;
  /** The .eml of an outbox mail (admins), null when it left by SMTP. */
  href: string | null;
};

type MailRow = {
  id: string;
  project_id: string;
  type: MailType;
  to_address: string;
  subject: string;
  transport: 'smtp' | 'outbox';
  file: string | null;
  sent_at: string;
  by_trigram: string | null;
};

const toDto = (row: MailRow): SentMailDto => ({
  _id: row.id,
  projectId: row.project_id,
  type: row.type,
  to: row.to_address,
  subject: row.subject,
  transport: row.transport,
  sentAt: row.sent_at,
  by: row.by_trigram,
  href: row.file ? `/v1/mails/${row.id}/eml` : null,
});

@Injectable()
export class ClientMailsReadModel {
  constructor(@Inject(READ_DB) private readonly db: Database.Database) {}

  list(
    page: number,
    pageSize: number,
    projectId?: string,
  ): { mails: SentMailDto[]; total: number } {
    const where = projectId ? 'WHERE project_id = ?' : '';
    const params = projectId ? [projectId] : [];
    const total = this.db
      .prepare(`SELECT COUNT(*) FROM client_mails ${where}`)
      .pluck()
      .get(...params) as number;
    const rows = this.db
      .prepare(
        `SELECT * FROM client_mails ${where} ORDER BY sent_at DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .all(...params, pageSize, page * pageSize) as MailRow[];
    return { mails: rows.map(toDto), total };
  }

  find(id: string): MailRow | null {
    return (this.db.prepare('SELECT * FROM client_mails WHERE id = ?').get(id) as MailRow) ?? null;
  }
}

const pageOf = (value: unknown, fallback: number, max: number) => {
  const n = typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : fallback;
  return Math.min(n, max);
};

/** Client mails of §3 (onboarding, mobilipass, mission_done), sent from a project's Admin tab. */
@ApiTags('mails')
@Controller()
export class MailsController {
  constructor(
    @Inject(MAIL_PORT) private readonly port: MailPort,
    private readonly executor: CommandExecutor,
    private readonly projects: ProjectsReadModel,
    private readonly mails: ClientMailsReadModel,
  ) {}

  @Post('projects/:id/mails')
  @Roles('ADMIN', 'SUPERADMIN')
  async send(@CurrentUser() me: UserRow, @Param('id') id: string, @Body() body: unknown) {
    const { type } = validated<SendClientMailBody>(sendClientMailSchema, body);
    if (!isObjectId(id))
      throw new DomainError('Identifiant invalide', 'invalid', { id: 'Invalide' });
    const project = this.projects.findById(id) as unknown as Record<string, unknown> | null;
    if (!project || project.deleted) throw new DomainError(PROJECT_MESSAGES.notFound, 'notFound');
    const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
    const to = str(project.userId);
    checkClientMail(type, to); // before anything leaves
    const content = clientMail(type, {
      firstName: str(project.firstName),
      lastName: str(project.lastName),
      company: str(project.company),
    });
    const sent = await this.port.send({ to: to as string, ...content }).catch((error: unknown) => {
      throw new DomainError(
        `Le courriel n’a pas pu être envoyé : ${error instanceof Error ? error.message : 'erreur inconnue'}`,
        'invalid',
      );
    });
    const mailId = newObjectId();
    const at = new Date().toISOString();
    await this.executor.execute(
      `mail-${mailId}`,
      clientMailDecider,
      {
        type: 'RecordClientMail',
        mailId,
        projectId: id,
        mailType: type,
        to,
        subject: content.subject,
        at,
        ...sent,
      },
      { actor: actorOf(me) },
    );
    return this.mails.find(mailId) ? toDto(this.mails.find(mailId) as MailRow) : null;
  }

  @Get('projects/:id/mails')
  @Roles('ADMIN', 'SUPERADMIN')
  ofProject(@Param('id') id: string) {
    if (!isObjectId(id))
      throw new DomainError('Identifiant invalide', 'invalid', { id: 'Invalide' });
    return this.mails.list(0, 200, id);
  }

  /** 'Courriels envoyés' of the admin page; `outbox` says where mails go without SMTP. */
  @Get('mails')
  @Roles('ADMIN', 'SUPERADMIN')
  list(@Query('page') page?: string, @Query('pageSize') pageSize?: string) {
    const size = pageOf(pageSize, 100, 200);
    return { ...this.mails.list(pageOf(page, 0, 100000), size), transport: this.port.kind };
  }

  @Get('mails/:id/eml')
  @Roles('ADMIN', 'SUPERADMIN')
  eml(@Param('id') id: string, @Res({ passthrough: true }) res: Response) {
    const row = isObjectId(id) ? this.mails.find(id) : null;
    const outbox = this.port instanceof OutboxMailer ? this.port : null;
    const eml = row?.file && outbox ? outbox.read(row.file) : null;
    if (!row?.file || !eml) throw new DomainError('Courriel introuvable', 'notFound');
    const name = basename(row.file);
    res.setHeader('Content-Type', 'message/rfc822');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    return new StreamableFile(eml);
  }
}
