import type Database from 'better-sqlite3';
import { fileDecider, FileEvent, KbItemDeleted, ProspectEvent, StoredFile } from '@reloc/domain';
import type { RecordedEvent } from '@reloc/eventstore';
import { Projection } from '../infrastructure/projection';
import { preparedPerConnection } from '../infrastructure/prepared-statements';

type OwnerEvent =
  | Extract<
      ProspectEvent,
      { type: 'ProspectFileAttached' | 'ProspectFileRemoved' | 'ProspectDeleted' }
    >
  | KbItemDeleted;

// Every file event type, and those of the targets that own files, checked by the compiler.
const HANDLED: Record<FileEvent['type'] | OwnerEvent['type'], true> = {
  FileStored: true,
  FileRemoved: true,
  ProspectFileAttached: true,
  ProspectFileRemoved: true,
  ProspectDeleted: true,
  KbItemDeleted: true,
};

const sql = preparedPerConnection((db: Database.Database) => ({
  save: db.prepare(
    `INSERT OR REPLACE INTO files
      (id, hash, name, mime, size, kind, target, uploader_id, uploaded_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  remove: db.prepare('DELETE FROM files WHERE id = ?'),
  claim: db.prepare('UPDATE files SET target = ? WHERE id = ? AND target IS NULL'),
  removeOwned: db.prepare('DELETE FROM files WHERE id = ? AND target = ?'),
  removeAllOwned: db.prepare('DELETE FROM files WHERE target = ?'),
}));

/**
 * Stored files (`file-<id>` streams): id → blob hash, name, type, size, target, uploader; a
 * removed file's row goes. A file belongs to its target: a prospect's goes when it is detached
 * or the prospect deleted, an article's when the article is deleted; a file sent without a
 * target is taken by the first prospect it is attached to (its target becomes that prospect).
 * The same rules let go of the blobs (blob-refs.projection.ts).
 */
export const filesProjection: Projection = {
  name: 'files',
  version: 2,
  handles: Object.keys(HANDLED),
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
    const owner = { type: event.type, data: event.data } as OwnerEvent | FileEvent;
    switch (owner.type) {
      case 'FileRemoved':
        sql(db).remove.run(owner.data.fileId);
        return;
      case 'ProspectFileAttached':
        sql(db).claim.run(owner.data.prospectId, owner.data.file._id);
        return;
      case 'ProspectFileRemoved':
        sql(db).removeOwned.run(owner.data.fileId, owner.data.prospectId);
        return;
      case 'ProspectDeleted':
        sql(db).removeAllOwned.run(owner.data.prospectId);
        return;
      case 'KbItemDeleted':
        sql(db).removeAllOwned.run(owner.data.kbItemId);
        return;
      case 'FileStored':
        break;
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
