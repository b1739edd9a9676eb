import type Database from 'better-sqlite3';
import type {
  DocumentsEvent,
  FileEvent,
  KbItemDeleted,
  ProjectDeleted,
  ProspectEvent,
  SignatureEvent,
  SignatureTemplateCreated,
} from '@reloc/domain';
import type { RecordedEvent } from '@reloc/eventstore';
import { Projection } from '../infrastructure/projection';
import { preparedPerConnection } from '../infrastructure/prepared-statements';

type Handled =
  | FileEvent
  | Extract<
      DocumentsEvent,
      { type: 'DocumentFileAttached' | 'DocumentFilesRemoved' | 'DocumentRemoved' }
    >
  | Extract<DocumentsEvent, { type: 'DocumentFolderPackChanged' }>
  | Extract<
      ProspectEvent,
      { type: 'ProspectFileAttached' | 'ProspectFileRemoved' | 'ProspectDeleted' }
    >
  | KbItemDeleted
  | Extract<
      SignatureEvent,
      { type: 'SignatureRequested' | 'SignatureAborted' | 'SignatureArchived' }
    >
  | SignatureTemplateCreated
  | ProjectDeleted;

// The events that name a blob or let one go, checked by the compiler.
const HANDLED: Record<Handled['type'], true> = {
  FileStored: true,
  FileRemoved: true,
  DocumentFileAttached: true,
  DocumentFilesRemoved: true,
  DocumentRemoved: true,
  DocumentFolderPackChanged: true,
  ProspectFileAttached: true,
  ProspectFileRemoved: true,
  ProspectDeleted: true,
  KbItemDeleted: true,
  SignatureRequested: true,
  SignatureAborted: true,
  SignatureArchived: true,
  SignatureTemplateCreated: true,
  ProjectDeleted: true,
};

const sql = preparedPerConnection((db: Database.Database) => ({
  hold: db.prepare(
    `INSERT OR REPLACE INTO blob_holders (holder, blob, scope, project, tx) VALUES (?, ?, ?, ?, ?)`,
  ),
  claim: db.prepare(`UPDATE blob_holders SET scope = ? WHERE holder = ? AND scope = ?`),
  byHolder: db.prepare(`SELECT holder, blob FROM blob_holders WHERE holder = ?`),
  byHolderInScope: db.prepare(
    `SELECT holder, blob FROM blob_holders WHERE holder = ? AND scope = ?`,
  ),
  byScope: db.prepare(`SELECT holder, blob FROM blob_holders WHERE scope = ?`),
  byScopeAndTx: db.prepare(`SELECT holder, blob FROM blob_holders WHERE scope = ? AND tx = ?`),
  byProject: db.prepare(`SELECT holder, blob FROM blob_holders WHERE project = ?`),
  drop: db.prepare(`DELETE FROM blob_holders WHERE holder = ?`),
  released: db.prepare(`INSERT OR REPLACE INTO blob_released (blob) VALUES (?)`),
}));

type Holder = { holder: string; blob: string };

const fileHolder = (fileId: string) => `file:${fileId}`;
const targetScope = (target: string | null) => `target:${target ?? ''}`;
const documentScope = (documentId: string) => `doc:${documentId}`;
const signatureScope = (projectId: string, step: string) => `sig:${projectId}:${step}`;

function release(db: Database.Database, holders: Holder[]): void {
  for (const { holder, blob } of holders) {
    sql(db).drop.run(holder);
    sql(db).released.run(blob);
  }
}

function hold(
  db: Database.Database,
  holder: string,
  blob: string,
  scope: string,
  project: string | null = null,
  tx: string | null = null,
): void {
  sql(db).hold.run(holder, blob, scope, project, tx);
}

const all = (statement: Database.Statement, ...params: unknown[]) =>
  statement.all(...params) as Holder[];

/**
 * Who holds each blob (issue 14, "removal happens when the last reference goes"): a stored
 * file, a document's file, a signature request's document, signed copy and proof, a template.
 * A blob is held by as many as name it (a template and its stored file; identical uploads
 * under the former content-addressed store); when a holder lets go, the blob is noted in
 * `blob_released`, and the eraser (blob-eraser.ts) removes its bytes and key once nothing
 * holds it any more.
 *
 * What lets go: a file removed; a document's files removed, the document (or its folder)
 * removed, or its project deleted for good; a signature request replaced or aborted, or its
 * project deleted; a prospect's file detached, or the prospect deleted, and an article's
 * attachments when the article is deleted (a file uploaded for them, or without a target and
 * then attached: the first prospect it is attached to takes it).
 *
 * Both tables follow from the log alone (a rebuild or verify-log gives the same rows); what has
 * been erased is the files folder's business.
 */
export const blobRefsProjection: Projection = {
  name: 'blob-refs',
  version: 1,
  handles: Object.keys(HANDLED),
  setup(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS blob_holders (
        holder TEXT PRIMARY KEY, blob TEXT NOT NULL, scope TEXT NOT NULL, project TEXT, tx TEXT
      );
      CREATE INDEX IF NOT EXISTS blob_holders_blob ON blob_holders (blob);
      CREATE INDEX IF NOT EXISTS blob_holders_scope ON blob_holders (scope);
      CREATE INDEX IF NOT EXISTS blob_holders_project ON blob_holders (project);
      CREATE TABLE IF NOT EXISTS blob_released (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, blob TEXT NOT NULL UNIQUE
      );`);
    sql.forget(db);
  },
  drop(db) {
    sql.forget(db);
    db.exec('DROP TABLE IF EXISTS blob_holders; DROP TABLE IF EXISTS blob_released;');
  },
  apply(db, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as Handled;
    const q = sql(db);
    switch (event.type) {
      case 'FileStored':
        hold(db, fileHolder(event.data.fileId), event.data.hash, targetScope(event.data.target));
        return;
      case 'FileRemoved':
        release(db, all(q.byHolder, fileHolder(event.data.fileId)));
        return;
      case 'ProspectFileAttached':
        q.claim.run(
          targetScope(event.data.prospectId),
          fileHolder(event.data.file._id),
          targetScope(null),
        );
        return;
      case 'ProspectFileRemoved':
        release(
          db,
          all(q.byHolderInScope, fileHolder(event.data.fileId), targetScope(event.data.prospectId)),
        );
        return;
      case 'ProspectDeleted':
        release(db, all(q.byScope, targetScope(event.data.prospectId)));
        return;
      case 'KbItemDeleted':
        release(db, all(q.byScope, targetScope(event.data.kbItemId)));
        return;
      case 'DocumentFileAttached': {
        const { documentId, file } = event.data;
        const projectId = recorded.streamId.replace(/^documents-/, '');
        hold(
          db,
          `doc:${documentId}:${file.fileId}`,
          file.hash,
          documentScope(documentId),
          projectId,
        );
        return;
      }
      case 'DocumentFilesRemoved':
        for (const fileId of event.data.fileIds)
          release(db, all(q.byHolder, `doc:${event.data.documentId}:${fileId}`));
        return;
      case 'DocumentRemoved':
        for (const documentId of event.data.removedIds)
          release(db, all(q.byScope, documentScope(documentId)));
        return;
      case 'DocumentFolderPackChanged':
        // Only empty slots leave; released anyway should one ever hold a file.
        for (const documentId of event.data.removedIds)
          release(db, all(q.byScope, documentScope(documentId)));
        return;
      case 'SignatureRequested': {
        const { projectId, step, transactionId, documentHash } = event.data;
        // One request per step: the previous one (archived or aborted) lets go of its blobs.
        release(db, all(q.byScope, signatureScope(projectId, step)));
        hold(
          db,
          `${signatureScope(projectId, step)}:document`,
          documentHash,
          signatureScope(projectId, step),
          projectId,
          transactionId,
        );
        return;
      }
      case 'SignatureAborted': {
        const { projectId, step, transactionId } = event.data;
        release(db, all(q.byScopeAndTx, signatureScope(projectId, step), transactionId));
        return;
      }
      case 'SignatureArchived': {
        const { projectId, step, transactionId, finalHash, proofHash } = event.data;
        const scope = signatureScope(projectId, step);
        hold(db, `${scope}:final`, finalHash, scope, projectId, transactionId);
        hold(db, `${scope}:proof`, proofHash, scope, projectId, transactionId);
        return;
      }
      case 'SignatureTemplateCreated':
        hold(
          db,
          `template:${event.data.templateId}`,
          event.data.file.hash,
          `template:${event.data.templateId}`,
        );
        return;
      case 'ProjectDeleted':
        release(db, all(q.byProject, event.data.projectId));
        return;
    }
  },
};
