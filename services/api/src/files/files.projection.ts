import type Database from 'better-sqlite3';
import { fileDecider, FileEvent, StoredFile } from '@reloc/domain';
import type { RecordedEvent } from '@reloc/eventstore';
import { Projection } from '../infrastructure/projection';
import { preparedPerConnection } from '../infrastructure/prepared-statements';

// Every file event type, checked by the compiler: a new one cannot be forgotten here.
const FILE_EVENT_TYPES: Record<FileEvent['type'], true> = { FileStored: true, FileRemoved: true };

const sql = preparedPerConnection((db: Database.Database) => ({
  save: db.prepare(
    `INSERT OR REPLACE INTO files
      (id, hash, name, mime, size, kind, target, uploader_id, uploaded_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  remove: db.prepare('DELETE FROM files WHERE id = ?'),
}));

/** Stored files (`file-<id>` streams): id → blob hash, name, type, size, target, uploader; a removed file's row goes. */
export const filesProjection: Projection = {
  name: 'files',
  version: 1,
  handles: Object.keys(FILE_EVENT_TYPES),
  setup(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS files (
        id TEXT PRIMARY KEY, hash TEXT NOT NULL, name TEXT NOT NULL, mime TEXT NOT NULL,
        size INTEGER NOT NULL, kind TEXT NOT NULL, target TEXT, uploader_id TEXT NOT NULL,
        uploaded_at TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS files_target ON files (target);`);
    sql.forget(db);
  },
  drop(db) {
    sql.forget(db);
    db.exec('DROP TABLE IF EXISTS files;');
  },
  apply(db, event: RecordedEvent) {
    if (event.type === 'FileRemoved') {
      sql(db).remove.run((event.data as { fileId: string }).fileId);
      return;
    }
    const file: StoredFile = fileDecider.evolve(fileDecider.initialState(), {
      type: event.type,
      data: event.data,
    } as FileEvent);
    sql(db).save.run(
      file._id,
      file.hash,
      file.name,
      file.mime,
      file.size,
      file.kind,
      file.target,
      file.uploaderId,
      file.uploadedAt,
    );
  },
};
