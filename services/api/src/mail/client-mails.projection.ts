import { ClientMailEvent, MAIL_TYPE_LABELS } from '@reloc/domain';
import type { RecordedEvent } from '@reloc/eventstore';
import { Projection } from '../infrastructure/projection';

type Actor = { id?: string; trigram?: string | null };

/**
 * Sent client mails: the admin page's 'Courriels envoyés', and one entry each in the file's
 * timeline (`timeline_mails`, read with the entries computed from the file's own stream).
 */
export const clientMailsProjection: Projection = {
  name: 'client-mails',
  // 2: the timeline entries in their own table, with their log position (the timeline's order).
  version: 2,
  handles: ['ClientMailSent'],
  setup(db) {
    db.exec(`CREATE TABLE IF NOT EXISTS client_mails (
      id TEXT PRIMARY KEY, project_id TEXT NOT NULL, type TEXT NOT NULL, to_address TEXT NOT NULL,
      subject TEXT NOT NULL, transport TEXT NOT NULL, message_id TEXT, file TEXT,
      sent_at TEXT NOT NULL, by_trigram TEXT, by_id TEXT
    );
    CREATE INDEX IF NOT EXISTS client_mails_sent ON client_mails (sent_at);
    CREATE INDEX IF NOT EXISTS client_mails_project ON client_mails (project_id);
    CREATE TABLE IF NOT EXISTS timeline_mails (
      id TEXT PRIMARY KEY, target_id TEXT NOT NULL, date TEXT NOT NULL, position INTEGER NOT NULL,
      type TEXT NOT NULL, label TEXT NOT NULL, params TEXT NOT NULL, author TEXT
    );
    CREATE INDEX IF NOT EXISTS timeline_mails_target ON timeline_mails (target_id);`);
  },
  drop(db) {
    db.exec('DROP TABLE IF EXISTS client_mails; DROP TABLE IF EXISTS timeline_mails');
  },
  apply(db, event: RecordedEvent) {
    const d = event.data as ClientMailEvent['data'];
    const actor = (event.metadata.actor ?? {}) as Actor;
    db.prepare(
      `INSERT OR REPLACE INTO client_mails
        (id, project_id, type, to_address, subject, transport, message_id, file, sent_at, by_trigram, by_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      d.mailId,
      d.projectId,
      d.mailType,
      d.to,
      d.subject,
      d.transport,
      d.messageId,
      d.file,
      d.at,
      actor.trigram ?? null,
      actor.id ?? null,
    );
    db.prepare(
      `INSERT OR IGNORE INTO timeline_mails (id, target_id, date, position, type, label, params, author)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      event.id,
      d.projectId,
      event.createdAt,
      event.position,
      'COURRIEL_CLIENT',
      `Courriel envoyé au client : ${MAIL_TYPE_LABELS[d.mailType] ?? d.mailType}`,
      JSON.stringify({ type: d.mailType, to: d.to, mailId: d.mailId }),
      actor.trigram ?? null,
    );
  },
};
