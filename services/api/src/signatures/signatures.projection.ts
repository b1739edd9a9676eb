import type Database from 'better-sqlite3';
import {
  evolveSignatureRequest,
  SIGNATURE_EVENT_TYPES,
  SignatureEvent,
  SignatureRequest,
  SignatureTemplate,
  SignatureTemplateEvent,
  signatureTemplateDecider,
} from '@reloc/domain';
import type { RecordedEvent } from '@reloc/eventstore';
import { Projection } from '../infrastructure/projection';
import { preparedPerConnection } from '../infrastructure/prepared-statements';

const TEMPLATE_EVENT_TYPES: Record<SignatureTemplateEvent['type'], true> = {
  SignatureTemplateCreated: true,
  SignatureTemplateUpdated: true,
};

const templateSql = preparedPerConnection((db: Database.Database) => ({
  get: db.prepare('SELECT doc FROM signature_templates WHERE id = ?').pluck(),
  save: db.prepare(
    `INSERT INTO signature_templates (id, step, active, created_at, doc) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET step = excluded.step, active = excluded.active, doc = excluded.doc`,
  ),
}));

/** Signature templates (`signature-template-<id>` streams), newest first in the list. */
export const signatureTemplatesProjection: Projection = {
  name: 'signature-templates',
  version: 1,
  handles: Object.keys(TEMPLATE_EVENT_TYPES),
  setup(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS signature_templates (
        id TEXT PRIMARY KEY, step TEXT NOT NULL, active INTEGER NOT NULL,
        created_at TEXT NOT NULL, doc TEXT NOT NULL
      );`);
    templateSql.forget(db);
  },
  drop(db) {
    templateSql.forget(db);
    db.exec('DROP TABLE IF EXISTS signature_templates;');
  },
  apply(db, event: RecordedEvent) {
    const data = event.data as { templateId: string };
    const raw = templateSql(db).get.get(data.templateId) as string | undefined;
    const before: SignatureTemplate = raw
      ? (JSON.parse(raw) as SignatureTemplate)
      : signatureTemplateDecider.initialState();
    const after = signatureTemplateDecider.evolve(before, {
      type: event.type,
      data: event.data,
    } as SignatureTemplateEvent);
    templateSql(db).save.run(
      after._id,
      after.step,
      after.active ? 1 : 0,
      after.createdAt,
      JSON.stringify(after),
    );
  },
};

const requestSql = preparedPerConnection((db: Database.Database) => ({
  get: db.prepare('SELECT doc FROM signature_requests WHERE project_id = ? AND step = ?').pluck(),
  save: db.prepare(
    `INSERT INTO signature_requests (project_id, step, id, transaction_id, doc) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT(project_id, step) DO UPDATE SET id = excluded.id,
       transaction_id = excluded.transaction_id, doc = excluded.doc`,
  ),
  remove: db.prepare('DELETE FROM signature_requests WHERE project_id = ? AND step = ?'),
}));

/** The current signature request of each project and step (`signatures-<projectId>` streams). */
export const signatureRequestsProjection: Projection = {
  name: 'signature-requests',
  version: 1,
  handles: Object.keys(SIGNATURE_EVENT_TYPES),
  setup(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS signature_requests (
        project_id TEXT NOT NULL, step TEXT NOT NULL, id TEXT NOT NULL,
        transaction_id TEXT NOT NULL, doc TEXT NOT NULL, PRIMARY KEY (project_id, step)
      );
      CREATE INDEX IF NOT EXISTS signature_requests_id ON signature_requests (id);`);
    requestSql.forget(db);
  },
  drop(db) {
    requestSql.forget(db);
    db.exec('DROP TABLE IF EXISTS signature_requests;');
  },
  apply(db, event: RecordedEvent) {
    const { projectId, step } = event.data as { projectId: string; step: string };
    const raw = requestSql(db).get.get(projectId, step) as string | undefined;
    const before = raw ? (JSON.parse(raw) as SignatureRequest) : null;
    const after = evolveSignatureRequest(before, {
      type: event.type,
      data: event.data,
    } as SignatureEvent);
    if (!after) requestSql(db).remove.run(projectId, step);
    else
      requestSql(db).save.run(
        projectId,
        step,
        after._id,
        after.transactionId,
        JSON.stringify(after),
      );
  },
};
