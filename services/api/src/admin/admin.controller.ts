import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Post,
  Query,
  Res,
  StreamableFile,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import {
  AddMasterPasswordBody,
  addMasterPasswordSchema,
  CompaniesReportQuery,
  companiesReportQuerySchema,
  ImpersonateBody,
  impersonateSchema,
} from '@reloc/contracts';
import {
  CONTRACT_TYPES,
  DomainError,
  isObjectId,
  MASTER_PASSWORD_TTL_HOURS,
  masterPasswordDecider,
  masterPasswordStream,
  normaliseEmail,
  userDecider,
} from '@reloc/domain';
import { actorOf, CurrentUser } from '../auth/current-user';
import { hashPassword } from '../auth/password';
import { Roles } from '../auth/roles.decorator';
import { SessionService } from '../auth/session.service';
import { CommandExecutor } from '../infrastructure/command-executor';
import { validated } from '../infrastructure/http/validate';
import { READ_DB } from '../infrastructure/tokens';
import { ProjectsReadModel } from '../projects/projects.read-model';
import { toUserDto, UserRow, UsersReadModel } from '../users/users.read-model';
import { CompaniesReport, companiesRange } from './companies-report';
import { XLSX_MIME } from '../infrastructure/xlsx';

/** A readable one-time password: 16 characters without look-alikes (0/O, 1/l/I). */
export function newMasterPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  return [...randomBytes(16)].map((b) => alphabet[b % alphabet.length]).join('');
}

/** Admin calls of §7 that are not the users list: contracts, master password, impersonation, reports. */
@ApiTags('admin')
@Controller()
export class AdminController {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly users: UsersReadModel,
    private readonly projects: ProjectsReadModel,
    private readonly sessions: SessionService,
    private readonly companies: CompaniesReport,
    @Inject(READ_DB) private readonly db: Database.Database,
  ) {}

  /** §3 "Contract types", with their labels (the French values are their own labels). */
  @Get('contracts')
  contracts() {
    return CONTRACT_TYPES.map((value) => ({ value, label: value }));
  }

  /**
   * A one-time master password on a client's account (a user's e-mail, or a project's client
   * by its userId or its id), so support can open the client's space for 24 hours. Only its
   * hash is stored, in an event; the password is shown once, in this answer.
   */
  @Post('addMasterPassword')
  @HttpCode(200)
  @Roles('SUPERADMIN')
  async addMasterPassword(@CurrentUser() me: UserRow, @Body() body: unknown) {
    const { target } = validated<AddMasterPasswordBody>(addMasterPasswordSchema, body);
    const key = target.trim();
    const projectOfClient = (email: string) =>
      (this.db
        .prepare('SELECT id FROM project_board WHERE lower(user_id) = ? ORDER BY created_at DESC')
        .pluck()
        .get(normaliseEmail(email)) as string | undefined) ?? null;
    const account = this.users.findByEmail(normaliseEmail(key));
    if (account) {
      if (account.role !== 'USER')
        throw new DomainError(
          'Le mot de passe maître ne concerne que les comptes clients',
          'invalid',
          {
            target: 'Invalide',
          },
        );
      return this.enable(me, account.email, account.id, projectOfClient(account.email));
    }
    const project = isObjectId(key) ? this.projects.findById(key) : null;
    const email = project ? (project as unknown as { userId?: string | null }).userId : key;
    const projectId = project?._id ?? (email ? projectOfClient(email) : null);
    if (!projectId)
      throw new DomainError('Aucun compte ni projet ne correspond à cette cible', 'notFound', {
        target: 'Introuvable',
      });
    if (!email || !/^[^\s@]+@[^\s@]+$/.test(email))
      throw new DomainError('Ce projet n’a pas d’adresse e-mail client', 'invalid', {
        target: 'Invalide',
      });
    const user = this.users.findByEmail(normaliseEmail(email));
    return this.enable(me, normaliseEmail(email), user?.id ?? null, projectId);
  }

  private async enable(
    me: UserRow,
    email: string,
    userId: string | null,
    projectId: string | null,
  ) {
    const password = newMasterPassword();
    const at = new Date();
    const expiresAt = new Date(at.getTime() + MASTER_PASSWORD_TTL_HOURS * 3600_000).toISOString();
    await this.executor.execute(
      masterPasswordStream(email),
      masterPasswordDecider,
      {
        type: 'EnableMasterPassword',
        email,
        userId,
        projectId,
        passwordHash: await hashPassword(password),
        at: at.toISOString(),
        expiresAt,
      },
      { actor: actorOf(me) },
    );
    return { message: 'ok', email, password, expiresAt };
  }

  /**
   * 'Incarner': a session token of the target staff member for the super admin, recorded as
   * `UserImpersonated` on the target's stream (who, whom, when). The console keeps the super
   * admin's own token to come back ('Revenir à mon compte').
   */
  @Post('admin/impersonate')
  @HttpCode(200)
  @Roles('SUPERADMIN')
  async impersonate(@CurrentUser() me: UserRow, @Body() body: unknown) {
    const { email } = validated<ImpersonateBody>(impersonateSchema, body);
    const target = this.users.findByEmail(normaliseEmail(email));
    if (!target) throw new DomainError('Utilisateur introuvable', 'notFound');
    await this.executor.execute(
      `user-${target.id}`,
      userDecider,
      {
        type: 'RecordImpersonation',
        by: { id: me.id, email: me.email },
        at: new Date().toISOString(),
      },
      { actor: actorOf(me) },
    );
    // A session of its own, revocable, but no refresh cookie: the super admin's stays theirs.
    const session = await this.sessions.open(target, 'impersonation', actorOf(me));
    return { token: session.token, user: toUserDto(target) };
  }

  /** The audit list of impersonations and master passwords, newest first. */
  @Get('admin/audit')
  @Roles('SUPERADMIN')
  audit() {
    const rows = this.db
      .prepare(
        `SELECT a.*, coalesce(a.by_email, u.email) AS by_mail FROM admin_audit a
         LEFT JOIN users u ON u.id = a.by_id ORDER BY a.at DESC LIMIT 500`,
      )
      .all() as {
      id: string;
      type: string;
      at: string;
      by_mail: string | null;
      by_trigram: string | null;
      target_email: string;
      details: string;
    }[];
    return rows.map((row) => ({
      _id: row.id,
      type: row.type,
      at: row.at,
      by: row.by_mail,
      byTrigram: row.by_trigram,
      target: row.target_email,
      details: JSON.parse(row.details) as Record<string, unknown>,
    }));
  }

  /** §7: the companies (prospects) with their files over the range, as a spreadsheet. */
  @Get('reports/companies')
  @Roles('ADMIN', 'SUPERADMIN')
  companiesReport(@Query() query: unknown, @Res({ passthrough: true }) res: Response) {
    const { startDate, endDate } = validated<CompaniesReportQuery>(
      companiesReportQuerySchema,
      query,
    );
    const range = companiesRange(startDate, endDate);
    const bytes = this.companies.xlsx(range);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const name = `${day(range.start)}_${day(range.end)}-companies.xlsx`;
    res.setHeader('Content-Type', XLSX_MIME);
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    return new StreamableFile(bytes);
  }
}
