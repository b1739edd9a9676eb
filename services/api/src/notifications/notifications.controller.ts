import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  API_MESSAGES,
  DomainError,
  isAdmin,
  isObjectId,
  notificationPaging,
  seenDecider,
  seenStream,
} from '@reloc/domain';
import { actorOf, CurrentUser } from '../auth/current-user';
import { CommandExecutor } from '../infrastructure/command-executor';
import { UserRow, UsersReadModel } from '../users/users.read-model';
import { NotificationPage, NotificationsReadModel } from './notifications.read-model';

function requireId(id: string, field = 'id'): string {
  if (!isObjectId(id))
    throw new DomainError('Identifiant invalide', 'invalid', { [field]: 'Invalide' });
  return id;
}

function paging(page: unknown, pageSize: unknown) {
  const result = notificationPaging(page, pageSize);
  if ('errors' in result) throw new DomainError(API_MESSAGES.invalidBody, 'invalid', result.errors);
  return result;
}

/**
 * The notification feed (§7 "Notifications"): a projection of the log; reading one is a fact
 * on the reader's `notifications-<userId>` stream, so a rebuild keeps what was read.
 */
@ApiTags('notifications')
@Controller('notifications')
export class NotificationsController {
  constructor(
    private readonly notifications: NotificationsReadModel,
    private readonly users: UsersReadModel,
    private readonly executor: CommandExecutor,
  ) {}

  /** The current user's feed: `{notifications, total, unseen}`, zero-based page, 100 or 200. */
  @Get()
  list(
    @CurrentUser() me: UserRow,
    @Query('page') page?: string,
    @Query('pageSize') pageSize?: string,
  ): NotificationPage {
    const p = paging(page, pageSize);
    return this.notifications.page(me.id, p.page, p.pageSize);
  }

  /** Someone's feed: admins, or oneself. */
  @Get('for/:email')
  listFor(
    @CurrentUser() me: UserRow,
    @Param('email') email: string,
    @Query('page') page?: string,
    @Query('pageSize') pageSize?: string,
  ): NotificationPage {
    const p = paging(page, pageSize);
    const self = me.email.toLowerCase() === email.trim().toLowerCase();
    if (!self && !isAdmin(me.role)) throw new DomainError(API_MESSAGES.forbidden, 'forbidden');
    const user = self ? me : this.users.findByEmail(email.trim().toLowerCase());
    if (!user) throw new DomainError('Utilisateur introuvable', 'notFound');
    return this.notifications.page(user.id, p.page, p.pageSize);
  }

  /** Marks one of one's notifications read (§7: called for each one read). */
  @Get(':id/disable')
  async disable(@CurrentUser() me: UserRow, @Param('id') id: string) {
    requireId(id);
    if (!this.notifications.owns(me.id, id))
      throw new DomainError('Notification introuvable', 'notFound');
    await this.markSeen(me, [id]);
    return { _id: id, seen: true };
  }

  /**
   * Marks read every notification of one file at once (opening its page): one fact instead
   * of a call per notification. Answers the ids newly read.
   */
  @Post('project/:projectId/disable')
  @HttpCode(200)
  async disableProject(@CurrentUser() me: UserRow, @Param('projectId') projectId: string) {
    const ids = this.notifications.unseenOfProject(me.id, requireId(projectId, 'projectId'));
    if (ids.length) await this.markSeen(me, ids);
    return { ids };
  }

  /** The user opened a prospect: its flame goes out (a fact, written only when lit). */
  @Post('prospect/:prospectId/seen')
  @HttpCode(200)
  async prospectSeen(@CurrentUser() me: UserRow, @Param('prospectId') prospectId: string) {
    requireId(prospectId, 'prospectId');
    if (!this.notifications.flames(me.id, me.trigram).has(prospectId)) return { flame: false };
    await this.executor.execute(
      seenStream(me.id),
      seenDecider,
      { type: 'RecordProspectSeen', userId: me.id, prospectId, at: new Date().toISOString() },
      { actor: actorOf(me) },
    );
    return { flame: false };
  }

  private async markSeen(me: UserRow, ids: string[]): Promise<void> {
    // A command holds at most 1000 ids: a long-neglected file is read in several facts.
    for (let i = 0; i < ids.length; i += 1000) {
      await this.executor.execute(
        seenStream(me.id),
        seenDecider,
        {
          type: 'MarkNotificationsSeen',
          userId: me.id,
          ids: ids.slice(i, i + 1000),
          at: new Date().toISOString(),
        },
        { actor: actorOf(me) },
      );
    }
  }
}
