import { Body, Controller, Delete, Get, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type Database from 'better-sqlite3';
import { AddCommentBody, addCommentSchema } from '@reloc/contracts';
import { commentDecider, CommentOwner, DomainError, isObjectId, newObjectId } from '@reloc/domain';
import { actorOf, CurrentUser } from '../auth/current-user';
import { CommandExecutor } from '../infrastructure/command-executor';
import { validated } from '../infrastructure/http/validate';
import { READ_DB } from '../infrastructure/tokens';
import { UserRow } from '../users/users.read-model';

type CommentRow = {
  id: string;
  target_id: string;
  content: string;
  visibility: string;
  owner: string;
  author: string | null;
  created_at: string;
};

const toDto = (row: CommentRow) => ({
  _id: row.id,
  targetId: row.target_id,
  content: row.content,
  visibility: row.visibility,
  owner: row.owner,
  author: row.author,
  createdAt: row.created_at,
});

function requireId(id: string): string {
  if (!isObjectId(id)) throw new DomainError('Identifiant invalide', 'invalid', { id: 'Invalide' });
  return id;
}

/** Comments of a file (spec §7 "Comments and timeline"): public ('all') or private ('sales'). */
@ApiTags('comments')
@Controller('comments')
export class CommentsController {
  constructor(
    private readonly executor: CommandExecutor,
    @Inject(READ_DB) private readonly db: Database.Database,
  ) {}

  @Post('for/:id')
  async add(
    @CurrentUser() me: UserRow,
    @Param('id') targetId: string,
    @Query('owner') owner: string | undefined,
    @Body() body: unknown,
  ) {
    requireId(targetId);
    const input = validated<AddCommentBody>(addCommentSchema, body);
    if (owner !== undefined && owner !== 'hil' && owner !== 'user')
      throw new DomainError('Requête invalide', 'invalid', { owner: 'Invalide' });
    const commentId = newObjectId();
    await this.executor.execute(
      `comment-${commentId}`,
      commentDecider,
      {
        type: 'AddComment',
        commentId,
        targetId,
        content: input.content,
        visibility: input.visibility ?? 'all',
        owner: (owner ?? 'hil') as CommentOwner,
        actor: actorOf(me),
        at: new Date().toISOString(),
      },
      { actor: actorOf(me) },
    );
    return toDto(
      this.db.prepare('SELECT * FROM comments WHERE id = ?').get(commentId) as CommentRow,
    );
  }

  @Get('for/:id')
  list(@Param('id') targetId: string) {
    requireId(targetId);
    const rows = this.db
      .prepare('SELECT * FROM comments WHERE target_id = ? ORDER BY created_at DESC, rowid DESC')
      .all(targetId) as CommentRow[];
    return rows.map(toDto);
  }

  @Delete(':id')
  async remove(@CurrentUser() me: UserRow, @Param('id') id: string) {
    requireId(id);
    await this.executor.execute(
      `comment-${id}`,
      commentDecider,
      { type: 'DeleteComment', actor: actorOf(me) },
      { actor: actorOf(me) },
    );
    return { message: 'ok' };
  }
}
