import { Body, Controller, Delete, Get, Inject, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type Database from 'better-sqlite3';
import { KbItemBody, kbItemSchema } from '@reloc/contracts';
import {
  DomainError,
  isObjectId,
  KbItemCommand,
  kbItemDecider,
  kbItemStream,
  newObjectId,
} from '@reloc/domain';
import { actorOf, CurrentUser } from '../auth/current-user';
import { Roles } from '../auth/roles.decorator';
import { CommandExecutor } from '../infrastructure/command-executor';
import { validated } from '../infrastructure/http/validate';
import { READ_DB } from '../infrastructure/tokens';
import { UserRow } from '../users/users.read-model';
import { sanitizeKbHtml } from './sanitize';

type Row = { id: string; title: string; content: string; created_at: string; updated_at: string };

const toDto = (row: Row) => ({
  _id: row.id,
  title: row.title,
  content: row.content,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

function requireId(id: string): string {
  if (!isObjectId(id)) throw new DomainError('Identifiant invalide', 'invalid', { id: 'Invalide' });
  return id;
}

/** The knowledge base 'Mon compte' (§2, §7): read by the staff, written by admins (§6). */
@ApiTags('knowledge')
@Controller()
export class KnowledgeController {
  constructor(
    private readonly executor: CommandExecutor,
    @Inject(READ_DB) private readonly db: Database.Database,
  ) {}

  @Get('kbitems')
  list() {
    const rows = this.db
      .prepare('SELECT * FROM kb_items ORDER BY created_at ASC, rowid ASC')
      .all() as Row[];
    return rows.map(toDto);
  }

  @Post('kbitem')
  @Roles('ADMIN', 'SUPERADMIN')
  async create(@CurrentUser() me: UserRow, @Body() body: unknown) {
    const input = validated<KbItemBody>(kbItemSchema, body);
    const id = newObjectId();
    await this.run(id, me, {
      type: 'CreateKbItem',
      kbItemId: id,
      title: input.title ?? '',
      content: sanitizeKbHtml(input.content ?? ''),
      actor: actorOf(me),
      at: new Date().toISOString(),
    });
    return this.read(id);
  }

  @Put('kbitem/:id')
  @Roles('ADMIN', 'SUPERADMIN')
  async update(@CurrentUser() me: UserRow, @Param('id') id: string, @Body() body: unknown) {
    requireId(id);
    const input = validated<KbItemBody>(kbItemSchema, body);
    await this.run(id, me, {
      type: 'UpdateKbItem',
      title: input.title ?? '',
      content: sanitizeKbHtml(input.content ?? ''),
      actor: actorOf(me),
      at: new Date().toISOString(),
    });
    return this.read(id);
  }

  @Delete('kbitem/:id')
  @Roles('ADMIN', 'SUPERADMIN')
  async remove(@CurrentUser() me: UserRow, @Param('id') id: string) {
    requireId(id);
    await this.run(id, me, {
      type: 'DeleteKbItem',
      actor: actorOf(me),
      at: new Date().toISOString(),
    });
    return { message: 'ok' };
  }

  private async run(id: string, me: UserRow, command: KbItemCommand): Promise<void> {
    await this.executor.execute(kbItemStream(id), kbItemDecider, command, { actor: actorOf(me) });
  }

  private read(id: string) {
    const row = this.db.prepare('SELECT * FROM kb_items WHERE id = ?').get(id) as Row | undefined;
    if (!row) throw new DomainError('Article introuvable', 'notFound');
    return toDto(row);
  }
}
