import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import {
  NOTIFICATION_TYPES,
  NotificationAuthor,
  NotificationKind,
  notificationRecipients,
  SeenEvent,
} from '@reloc/domain';
import type { RecordedEvent } from '@reloc/eventstore';
import { Projection } from '../infrastructure/projection';
import { preparedPerConnection } from '../infrastructure/prepared-statements';

/**
 * The notification feed (§3 "Notification", §7 "Notifications") and the prospects' unseen
 * activity (the board's flame), projected from the log. Self-contained: the few facts it needs
 * about files, proposals and documents are kept in its own tables; only the users table (fed
 * before it, in the same transaction) maps an assignee's trigram to an account.
 */
const HANDLED = [
  // what a file is: its client's name and its assignees
  'ProjectCreated',
  'ProjectFieldsChanged',
  'ProjectAssigneeChanged',
  'ProjectDeleted',
  'ProposalCreated',
  'DocumentFolderCreated',
  'DocumentFileCreated',
  // what raises a notification
  'CommentAdded',
  'CommentDeleted',
  'ProposalCommentAdded',
  'ProposalOpinionSet',
  'VisitReportRecorded',
  'DocumentFileAttached',
  // what the staff saw
  'NotificationsSeen',
  'ProspectSeen',
  // a prospect's activity
  'ProspectStageChanged',
  'ProspectFileAttached',
] as const;

type Actor = { id?: unknown; trigram?: unknown; role?: unknown };

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function prepare(db: Database.Database) {
  return {
    project: db.prepare(
      'SELECT first_name, last_name, assignees, deleted FROM notif_projects WHERE id = ?',
    ),
    deletedFlag: db.prepare('SELECT deleted FROM notif_projects WHERE id = ?').pluck(),
    saveProject: db.prepare(
      `INSERT INTO notif_projects (id, first_name, last_name, assignees, deleted) VALUES (?, ?, ?, ?, 0)
       ON CONFLICT(id) DO UPDATE SET first_name = excluded.first_name,
         last_name = excluded.last_name, assignees = excluded.assignees`,
    ),
    writeProject: db.prepare(
      `INSERT OR REPLACE INTO notif_projects (id, first_name, last_name, assignees, deleted)
       VALUES (?, ?, ?, ?, ?)`,
    ),
    names: db.prepare(
      `UPDATE notif_projects SET first_name = COALESCE(?, first_name),
         last_name = COALESCE(?, last_name) WHERE id = ?`,
    ),
    deleteProject: db.prepare('UPDATE notif_projects SET deleted = 1 WHERE id = ?'),
    dropProjectNotifications: db.prepare('DELETE FROM notifications WHERE project_id = ?'),
    saveProposal: db.prepare(
      'INSERT OR REPLACE INTO notif_proposals (id, project_id, host_id) VALUES (?, ?, ?)',
    ),
    proposal: db.prepare('SELECT project_id, host_id FROM notif_proposals WHERE id = ?'),
    saveDocument: db.prepare('INSERT OR REPLACE INTO notif_documents (id, title) VALUES (?, ?)'),
    documentTitle: db.prepare('SELECT title FROM notif_documents WHERE id = ?').pluck(),
    userOfTrigram: db
      .prepare('SELECT id FROM users WHERE trigram = ? AND is_deactivated = 0 LIMIT 1')
      .pluck(),
    insert: db.prepare(
      `INSERT OR IGNORE INTO notifications
        (id, user_id, project_id, kind, type, ts, params, author, id_sell, document_title,
         evaluation, source_id, seen)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    dropSource: db.prepare('DELETE FROM notifications WHERE source_id = ?'),
    seen: db.prepare('UPDATE notifications SET seen = 1 WHERE id = ? AND user_id = ?'),
    activity: db.prepare(
      `INSERT INTO prospect_activity (prospect_id, actor_id, position) VALUES (?, ?, ?)
       ON CONFLICT(prospect_id, actor_id) DO UPDATE SET position = excluded.position`,
    ),
    prospectSeen: db.prepare(
      `INSERT INTO prospect_seen (user_id, prospect_id, position) VALUES (?, ?, ?)
       ON CONFLICT(user_id, prospect_id) DO UPDATE SET position = excluded.position`,
    ),
  };
}

const sql = preparedPerConnection(prepare);

/**
 * A file's `notif_projects` row as read or written during the current page, written once when
 * it ends (`dirty`). `deleted` is null for a file created in the page over a row not read: the
 * write then keeps the stored flag, and a read asks it.
 */
type FileRow = {
  firstName: string | null;
  lastName: string | null;
  assignees: Record<string, unknown>;
  deleted: number | null;
  dirty: boolean;
};

/** Rows of the current page by file (null: no row); forgotten when it ends, committed or not. */
const heldFiles = new WeakMap<Database.Database, Map<string, FileRow | null>>();

function heldOf(db: Database.Database): Map<string, FileRow | null> {
  let held = heldFiles.get(db);
  if (!held) heldFiles.set(db, (held = new Map()));
  return held;
}

function fileRow(db: Database.Database, id: string): FileRow | null {
  const held = heldOf(db);
  let row = held.get(id);
  if (row === undefined) {
    const stored = sql(db).project.get(id) as
      | { first_name: string | null; last_name: string | null; assignees: string; deleted: number }
      | undefined;
    row = stored
      ? {
          firstName: stored.first_name,
          lastName: stored.last_name,
          assignees: JSON.parse(stored.assignees) as Record<string, unknown>,
          deleted: stored.deleted,
          dirty: false,
        }
      : null;
    held.set(id, row);
  }
  return row;
}

/** The file's `deleted` flag, read from the stored row when the page did not know it. */
function deletedFlag(db: Database.Database, id: string, row: FileRow): number {
  row.deleted ??= (sql(db).deletedFlag.get(id) as number | undefined) ?? 0;
  return row.deleted;
}

function writeFiles(db: Database.Database): void {
  const held = heldFiles.get(db);
  if (!held) return;
  heldFiles.delete(db);
  const s = sql(db);
  for (const [id, row] of held) {
    if (!row?.dirty) continue;
    const assignees = JSON.stringify(row.assignees);
    if (row.deleted === null) s.saveProject.run(id, row.firstName, row.lastName, assignees);
    else s.writeProject.run(id, row.firstName, row.lastName, assignees, row.deleted);
  }
}

/** A notification's id: the same on every rebuild, so the 'seen' facts still point at it. */
export function notificationId(eventId: string, userId: string): string {
  return createHash('sha1').update(`${eventId}:${userId}`).digest('hex').slice(0, 24);
}

type Trace = {
  kind: NotificationKind;
  projectId: string;
  sourceId: string;
  params: Record<string, unknown>;
  author: NotificationAuthor;
  idSell?: string | null;
  documentTitle?: string | null;
  evaluation?: 'liked' | 'disliked' | null;
};

function authorOf(event: RecordedEvent, owner?: 'hil' | 'user'): NotificationAuthor {
  const actor = (event.metadata?.actor ?? {}) as Actor;
  const system = actor.role === 'SYSTEM';
  const trigram = str(actor.trigram);
  return {
    _id: system ? null : str(actor.id),
    trigram,
    // Imported history keeps the trigram of the staff member it is told of.
    owner: owner ?? (system && !trigram ? 'system' : actor.role === 'USER' ? 'user' : 'hil'),
  };
}

function raise(db: Database.Database, event: RecordedEvent, trace: Trace): void {
  const s = sql(db);
  const project = fileRow(db, trace.projectId);
  if (!project || deletedFlag(db, trace.projectId, project)) return;
  const actor = (event.metadata?.actor ?? {}) as Actor;
  const idOf = (trigram: string) => (s.userOfTrigram.get(trigram) as string | undefined) ?? null;
  // Imported history names its author by trigram only: they are not told of their own act.
  const authorId =
    actor.role === 'SYSTEM' && typeof actor.trigram === 'string'
      ? idOf(actor.trigram)
      : str(actor.id);
  const recipients = notificationRecipients(
    project.assignees as Record<string, string | null>,
    idOf,
    authorId,
  );
  const at = str(event.metadata?.at) ?? event.createdAt;
  // Imported history (the system actor) is kept in the feed but arrives already read.
  const seen = actor.role === 'SYSTEM' ? 1 : 0;
  for (const userId of recipients) {
    s.insert.run(
      notificationId(event.id, userId),
      userId,
      trace.projectId,
      trace.kind,
      NOTIFICATION_TYPES[trace.kind],
      at,
      JSON.stringify(trace.params),
      JSON.stringify(trace.author),
      trace.idSell ?? null,
      trace.documentTitle ?? null,
      trace.evaluation ?? null,
      trace.sourceId,
      seen,
    );
  }
}

function prospectActivity(db: Database.Database, event: RecordedEvent, prospectId: string) {
  const actor = (event.metadata?.actor ?? {}) as Actor;
  // Imports and jobs are nobody's news: only a person's act lights the flame.
  if (actor.role === 'SYSTEM' || typeof actor.id !== 'string') return;
  sql(db).activity.run(prospectId, actor.id, event.position);
}

type Data = Record<string, unknown>;

export const notificationsProjection: Projection = {
  name: 'notifications',
  version: 3,
  handles: HANDLED,
  // Only the API's queries read these; `apply` finds rows by id, source and file.
  deferredIndexes: ['notifications_user', 'notifications_project'],
  setup(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS notifications (
        id TEXT PRIMARY KEY, user_id TEXT NOT NULL, project_id TEXT NOT NULL, kind TEXT NOT NULL,
        type TEXT NOT NULL, ts TEXT NOT NULL, params TEXT NOT NULL, author TEXT NOT NULL,
        id_sell TEXT, document_title TEXT, evaluation TEXT, source_id TEXT NOT NULL,
        seen INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS notifications_user ON notifications (user_id, ts DESC);
      CREATE INDEX IF NOT EXISTS notifications_project ON notifications (user_id, project_id, seen);
      CREATE INDEX IF NOT EXISTS notifications_source ON notifications (source_id);
      CREATE INDEX IF NOT EXISTS notifications_project_id ON notifications (project_id);
      CREATE TABLE IF NOT EXISTS notif_projects (
        id TEXT PRIMARY KEY, first_name TEXT, last_name TEXT, assignees TEXT NOT NULL,
        deleted INTEGER NOT NULL
      );
      CREATE TABLE IF NOT EXISTS notif_proposals (
        id TEXT PRIMARY KEY, project_id TEXT NOT NULL, host_id TEXT
      );
      CREATE TABLE IF NOT EXISTS notif_documents (id TEXT PRIMARY KEY, title TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS prospect_activity (
        prospect_id TEXT NOT NULL, actor_id TEXT NOT NULL, position INTEGER NOT NULL,
        PRIMARY KEY (prospect_id, actor_id)
      );
      CREATE TABLE IF NOT EXISTS prospect_seen (
        user_id TEXT NOT NULL, prospect_id TEXT NOT NULL, position INTEGER NOT NULL,
        PRIMARY KEY (user_id, prospect_id)
      );`);
    sql.forget(db);
  },
  flush(db) {
    writeFiles(db);
  },
  discard(db) {
    heldFiles.delete(db);
  },
  drop(db) {
    sql.forget(db);
    heldFiles.delete(db);
    db.exec(`DROP TABLE IF EXISTS notifications; DROP TABLE IF EXISTS notif_projects;
      DROP TABLE IF EXISTS notif_proposals; DROP TABLE IF EXISTS notif_documents;
      DROP TABLE IF EXISTS prospect_activity; DROP TABLE IF EXISTS prospect_seen;`);
  },
  apply(db, event) {
    const s = sql(db);
    const d = (event.data ?? {}) as Data;
    switch (event.type) {
      case 'ProjectCreated': {
        const fields = (d.fields ?? {}) as Data;
        const held = heldOf(db);
        const id = String(d.projectId);
        const before = held.get(id);
        held.set(id, {
          firstName: str(fields.firstName) ?? '',
          lastName: str(fields.lastName) ?? '',
          // The event's own (parsed) object: a change replaces it, never changes it in place.
          assignees: (d.assignees ?? {}) as Record<string, unknown>,
          // The stored flag stays (an upsert): known when the row was read or written.
          deleted: before ? before.deleted : before === null ? 0 : null,
          dirty: true,
        });
        return;
      }
      case 'ProjectFieldsChanged': {
        const changes = (d.changes ?? {}) as Data;
        if (!('firstName' in changes || 'lastName' in changes)) return;
        const id = String(d.projectId);
        const held = heldOf(db).get(id);
        if (held === undefined) s.names.run(str(changes.firstName), str(changes.lastName), id);
        else if (held) {
          held.firstName = str(changes.firstName) ?? held.firstName;
          held.lastName = str(changes.lastName) ?? held.lastName;
          held.dirty = true;
        }
        return;
      }
      case 'ProjectAssigneeChanged': {
        const row = fileRow(db, String(d.projectId));
        if (!row) return;
        row.assignees = { ...row.assignees, [String(d.role)]: d.to ?? null };
        row.dirty = true;
        return;
      }
      case 'ProjectDeleted': {
        const id = String(d.projectId);
        const held = heldOf(db).get(id);
        if (held === undefined) s.deleteProject.run(id);
        else if (held) {
          held.deleted = 1;
          held.dirty = true;
        }
        s.dropProjectNotifications.run(id);
        return;
      }
      case 'ProposalCreated':
        s.saveProposal.run(d.proposalId, d.idBuy, str(d.idSell));
        return;
      case 'DocumentFolderCreated':
      case 'DocumentFileCreated':
        s.saveDocument.run(d.documentId, str(d.title) ?? '');
        return;
      case 'CommentAdded': {
        const targetId = String(d.targetId);
        if (!fileRow(db, targetId)) return prospectActivity(db, event, targetId);
        return raise(db, event, {
          kind: 'ProjectCommentTrace',
          projectId: targetId,
          sourceId: String(d.commentId),
          params: { text: d.content, commentId: d.commentId, visibility: d.visibility },
          author: {
            ...authorOf(event, d.owner === 'user' ? 'user' : 'hil'),
            trigram: str(d.author),
          },
        });
      }
      case 'CommentDeleted':
        s.dropSource.run(String(d.commentId));
        return;
      case 'ProposalCommentAdded':
      case 'ProposalOpinionSet':
      case 'VisitReportRecorded': {
        const proposal = s.proposal.get(d.proposalId) as
          { project_id: string; host_id: string | null } | undefined;
        if (!proposal) return;
        const base = {
          projectId: proposal.project_id,
          sourceId: event.id,
          idSell: proposal.host_id,
          params: { proposalId: d.proposalId } as Data,
        };
        if (event.type === 'ProposalCommentAdded') {
          const comment = (d.comment ?? {}) as Data;
          return raise(db, event, {
            ...base,
            kind: 'ProposalCommentTrace',
            params: { ...base.params, text: comment.comment, name: comment.name },
            author: authorOf(event, comment.owner === 'user' ? 'user' : undefined),
          });
        }
        if (event.type === 'ProposalOpinionSet') {
          if (d.opinion !== 'liked' && d.opinion !== 'disliked') return;
          return raise(db, event, {
            ...base,
            kind: 'ProposalEvaluation',
            evaluation: d.opinion,
            author: authorOf(event),
          });
        }
        if (!str(d.report)) return;
        return raise(db, event, {
          ...base,
          kind: 'ProposalReport',
          params: { ...base.params, text: d.report },
          author: authorOf(event),
        });
      }
      case 'DocumentFileAttached': {
        if (!event.streamId.startsWith('documents-')) return;
        const file = (d.file ?? {}) as Data;
        return raise(db, event, {
          kind: 'ProjectDocumentTrace',
          projectId: event.streamId.slice('documents-'.length),
          sourceId: event.id,
          params: { documentId: d.documentId, fileName: str(file.name) },
          documentTitle: (s.documentTitle.get(d.documentId) as string | undefined) ?? null,
          author: authorOf(event),
        });
      }
      case 'NotificationsSeen': {
        const seen = event.data as Extract<SeenEvent, { type: 'NotificationsSeen' }>['data'];
        for (const id of seen.ids) s.seen.run(id, seen.userId);
        return;
      }
      case 'ProspectSeen': {
        const seen = event.data as Extract<SeenEvent, { type: 'ProspectSeen' }>['data'];
        s.prospectSeen.run(seen.userId, seen.prospectId, event.position);
        return;
      }
      case 'ProspectStageChanged':
      case 'ProspectFileAttached':
        return prospectActivity(db, event, String(d.prospectId));
    }
  },
};
