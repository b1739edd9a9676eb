import { Body, Controller, Delete, Get, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type Database from 'better-sqlite3';
import { AddCommentBody, addCommentSchema } from '@reloc/contracts';
import {
  checkCommentAccess,
  commentDecider,
  CommentOwner,
  DomainError,
  isObjectId,
} from '@reloc/domain';
import { actorOf, CurrentUser } from '../auth/current-user';
import { CommandExecutor } from '../infrastructure/command-executor';
import { validated } from '../infrastructure/http/validate';
import { READ_DB } from '../infrastructure/tokens';
import { UserRow } from '../users/users.read-model';
import { addComment } from './add-comment';
import { CommentTargets } from './comment-targets';

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

/**
 * Comments of a file (spec §7 "Comments and timeline"): public ('all') or private ('sales').
 * Each call applies the rule of the comment's target (libs/domain comment-access): who may
 * not read the project, prospect or announcement reads and writes none of its comments.
 */
@ApiTags('comments')
@Controller('comments')
export class CommentsController {
  private readonly targets: CommentTargets;

  constructor(
    private readonly executor: CommandExecutor,
    @Inject(READ_DB) private readonly db: Database.Database,
  ) {
    this.targets = new CommentTargets(db);
  }

  private checkTarget(me: UserRow, targetId: string): void {
    checkCommentAccess(actorOf(me), this.targets.find(targetId));
  }

  @Post('for/:id')
  async add(
    @CurrentUser() me: UserRow,
    @Param('id') targetId: string,
    @Query('owner') owner: string | undefined,
    @Body() body: unknown,
  ) {
    requireId(targetId);
    this.checkTarget(me, targetId);
    const input = validated<AddCommentBody>(addCommentSchema, body);
    if (owner !== undefined && owner !== 'hil' && owner !== 'user')
      throw new DomainError('Requête invalide', 'invalid', { owner: 'Invalide' });
    const commentId = await addComment(this.executor, {
      targetId,
      content: input.content,
      visibility: input.visibility ?? 'all',
      owner: (owner ?? 'hil') as CommentOwner,
      actor: actorOf(me),
    });
    return toDto(
      this.db.prepare('SELECT * FROM comments WHERE id = ?').get(commentId) as CommentRow,
    );
  }

  @Get('for/:id')
  list(@CurrentUser() me: UserRow, @Param('id') targetId: string) {
    requireId(targetId);
    this.checkTarget(me, targetId);
    const rows = this.db
      .prepare('SELECT * FROM comments WHERE target_id = ? ORDER BY created_at DESC, rowid DESC')
      .all(targetId) as CommentRow[];
    return rows.map(toDto);
  }

  @Delete(':id')
  async remove(@CurrentUser() me: UserRow, @Param('id') id: string) {
    requireId(id);
    const comment = this.db.prepare('SELECT target_id FROM comments WHERE id = ?').get(id) as
      Pick<CommentRow, 'target_id'> | undefined;
    // An unknown comment is the decider's 404; a known one needs the right to read its target.
    if (comment) this.checkTarget(me, comment.target_id);
    await this.executor.execute(
      `comment-${id}`,
      commentDecider,
      { type: 'DeleteComment', actor: actorOf(me) },
      { actor: actorOf(me) },
    );
    return { message: 'ok' };
  }
}
