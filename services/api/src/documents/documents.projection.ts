import type Database from 'better-sqlite3';
import { documentsDecider, DocumentsEvent, ProjectDocuments } from '@reloc/domain';
import type { RecordedEvent } from '@reloc/eventstore';
import { Projection } from '../infrastructure/projection';
import { preparedPerConnection } from '../infrastructure/prepared-statements';

// Every documents event type, checked by the compiler: a new one cannot be forgotten here.
const DOCUMENTS_EVENT_TYPES: Record<DocumentsEvent['type'], true> = {
  DocumentsOpened: true,
  DocumentFolderCreated: true,
  DocumentFileCreated: true,
  DocumentFolderPackChanged: true,
  DocumentFileAttached: true,
  DocumentFilesRemoved: true,
  DocumentRemoved: true,
  DocumentsOverrideSet: true,
};

const STREAM_PREFIX = 'documents-';

const sql = preparedPerConnection((db: Database.Database) => ({
  doc: db.prepare('SELECT doc FROM documents WHERE project_id = ?').pluck(),
  save: db.prepare(
    'INSERT OR REPLACE INTO documents (project_id, overridden, updated_at, doc) VALUES (?, ?, ?, ?)',
  ),
}));

/**
 * The documents of each project (`documents-<projectId>` streams), folded with the domain's
 * own `evolve`: one row per project holding its folders, documents, files and override.
 */
export const documentsProjection: Projection = {
  name: 'documents',
  version: 1,
  handles: Object.keys(DOCUMENTS_EVENT_TYPES),
  setup(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS documents (
        project_id TEXT PRIMARY KEY, overridden INTEGER NOT NULL, updated_at TEXT,
        doc TEXT NOT NULL
      );`);
    sql.forget(db);
  },
  drop(db) {
    sql.forget(db);
    db.exec('DROP TABLE IF EXISTS documents;');
  },
  apply(db, event: RecordedEvent) {
    if (!event.streamId.startsWith(STREAM_PREFIX)) return;
    const projectId = event.streamId.slice(STREAM_PREFIX.length);
    const raw = sql(db).doc.get(projectId) as string | undefined;
    const before: ProjectDocuments = raw
      ? (JSON.parse(raw) as ProjectDocuments)
      : documentsDecider.initialState();
    const after = documentsDecider.evolve(before, {
      type: event.type,
      data: event.data,
    } as DocumentsEvent);
    const at = (event.data as { at?: unknown }).at;
    sql(db).save.run(
      projectId,
      after.overridden ? 1 : 0,
      typeof at === 'string' ? at : null,
      JSON.stringify({ ...after, projectId }),
    );
  },
};
