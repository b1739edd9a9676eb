import { Inject, Injectable } from '@nestjs/common';
import type Database from 'better-sqlite3';
import { Notification, NotificationAuthor } from '@reloc/domain';
import { READ_DB } from '../infrastructure/tokens';

type Row = {
  id: string;
  project_id: string;
  kind: string;
  type: string;
  ts: string;
  params: string;
  author: string;
  id_sell: string | null;
  document_title: string | null;
  evaluation: 'liked' | 'disliked' | null;
  seen: number;
  first_name: string | null;
  last_name: string | null;
};

function toNotification(row: Row): Notification {
  return {
    _id: row.id,
    ts: row.ts,
    kind: row.kind,
    type: row.type,
    params: JSON.parse(row.params) as Record<string, unknown>,
    user: JSON.parse(row.author) as NotificationAuthor,
    projectId: row.project_id,
    idProject: row.project_id,
    idSell: row.id_sell,
    idEstate: row.id_sell,
    document: row.document_title === null ? null : { title: row.document_title },
    evaluation: row.evaluation,
    project: { firstName: row.first_name ?? '', lastName: row.last_name ?? '' },
    seen: row.seen === 1,
  };
}

export type NotificationPage = { notifications: Notification[]; total: number; unseen: number };

/** Reads of the notification feed and of the prospects' unseen activity. */
@Injectable()
export class NotificationsReadModel {
  constructor(@Inject(READ_DB) private readonly db: Database.Database) {}

  /** One page of a user's feed, newest first, with the total and the unseen count. */
  page(userId: string, page: number, pageSize: number): NotificationPage {
    const rows = this.db
      .prepare(
        `SELECT n.*, p.first_name, p.last_name FROM notifications n
         LEFT JOIN notif_projects p ON p.id = n.project_id
         WHERE n.user_id = ? ORDER BY n.ts DESC, n.rowid DESC LIMIT ? OFFSET ?`,
      )
      .all(userId, pageSize, page * pageSize) as Row[];
    const counts = this.db
      .prepare(
        `SELECT COUNT(*) AS total, COALESCE(SUM(seen = 0), 0) AS unseen
         FROM notifications WHERE user_id = ?`,
      )
      .get(userId) as { total: number; unseen: number };
    return { notifications: rows.map(toNotification), ...counts };
  }

  /** The user's notification of this id, if it is theirs. */
  owns(userId: string, id: string): boolean {
    return Boolean(
      this.db.prepare('SELECT 1 FROM notifications WHERE id = ? AND user_id = ?').get(id, userId),
    );
  }

  /** The user's unread notifications about one file. */
  unseenOfProject(userId: string, projectId: string): string[] {
    return this.db
      .prepare('SELECT id FROM notifications WHERE user_id = ? AND project_id = ? AND seen = 0')
      .pluck()
      .all(userId, projectId) as string[];
  }

  /**
   * The prospects that show a flame to this user: one they are assigned to (any role), where
   * someone else commented, attached a file or changed the stage since they last opened it.
   */
  flames(userId: string, trigram: string | null): Set<string> {
    if (!trigram) return new Set();
    const ids = this.db
      .prepare(
        `SELECT DISTINCT a.prospect_id FROM prospect_activity a
         JOIN prospects p ON p.id = a.prospect_id
         WHERE a.actor_id != ?
           AND a.position > COALESCE((SELECT s.position FROM prospect_seen s
                 WHERE s.user_id = ? AND s.prospect_id = a.prospect_id), -1)
           AND EXISTS (SELECT 1 FROM json_each(p.doc, '$.assignees') j WHERE j.value = ?)`,
      )
      .pluck()
      .all(userId, userId, trigram) as string[];
    return new Set(ids);
  }
}
