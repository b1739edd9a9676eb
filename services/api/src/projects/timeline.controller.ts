import { Controller, Delete, Get, Inject, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type Database from 'better-sqlite3';
import { checkTimelineAccess, DomainError, isObjectId, timelineDecider } from '@reloc/domain';
import { actorOf, CurrentUser } from '../auth/current-user';
import { CommentTargets } from '../comments/comment-targets';
import { CommandExecutor } from '../infrastructure/command-executor';
import { READ_DB } from '../infrastructure/tokens';
import { UserRow } from '../users/users.read-model';
import { ProjectTimeline } from './project-timeline';

/**
 * A file's history, computed from its events ('Création' last). A history tells as much as
 * the record it is about, so each call applies that record's read rule, as comments do: an
 * unknown or deleted target answers 404, one the caller may not read 403.
 */
@ApiTags('timeline')
@Controller('timeline')
export class TimelineController {
  private readonly targets: CommentTargets;

  constructor(
    private readonly executor: CommandExecutor,
    private readonly timeline: ProjectTimeline,
    @Inject(READ_DB) db: Database.Database,
  ) {
    this.targets = new CommentTargets(db);
  }

  @Get('for/:id')
  async list(@CurrentUser() me: UserRow, @Param('id') id: string) {
    if (!isObjectId(id))
      throw new DomainError('Identifiant invalide', 'invalid', { id: 'Invalide' });
    checkTimelineAccess(actorOf(me), this.targets.find(id));
    return this.timeline.entries(id);
  }

  @Delete(':id')
  async hide(@CurrentUser() me: UserRow, @Param('id') entryId: string) {
    const target = await this.timeline.targetOf(entryId);
    if (!target) throw new DomainError('Entrée introuvable', 'notFound');
    checkTimelineAccess(actorOf(me), this.targets.find(target));
    await this.executor.execute(
      `timeline-${target}`,
      timelineDecider,
      { type: 'HideEntry', entryId, actorRole: me.role },
      { actor: actorOf(me) },
    );
    return { message: 'ok' };
  }
}
