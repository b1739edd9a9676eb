import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type Database from 'better-sqlite3';
import {
  checkCacheAccess,
  checkUploadKind,
  DomainError,
  FILE_MESSAGES,
  fileDecider,
  isPublicPhoto,
  StoredFile,
  StoredFileType,
  UploadKind,
} from '@reloc/domain';
import { EncryptedBlobStore } from '@reloc/worker';
import { Actor, CommandExecutor } from '../infrastructure/command-executor';
import { READ_DB } from '../infrastructure/tokens';
import { BLOB_STORE, withNewBlob } from './blob-store';
import { CacheTargets } from './cache-targets';
import { checkedUpload } from './upload';

export type FileRecord = {
  id: string;
  hash: string;
  name: string;
  mime: StoredFileType;
  size: number;
  kind: UploadKind;
  target: string | null;
  uploaderId: string;
};

export type Upload = {
  bytes: Uint8Array;
  name: string;
  kind: UploadKind;
  target: string | null;
};

export type Listed = FileRecord & { uploadedAt: string };

const COLUMNS = 'id, hash, name, mime, size, kind, target, uploader_id AS uploaderId';

/**
 * Uploaded files: the bytes in the encrypted blob store, the record (id → blob, name, type,
 * size, target, uploader, date) as a `FileStored` event in a `file-<id>` stream. Events rather
 * than a table so that every replica's read model (and a rebuild) knows every file.
 *
 * The routes of /v1/cache go through `upload`, `listFor`, `readFor`, `remove`, which check the
 * rule of the file's target (libs/domain files/cache-access.ts): an id alone opens nothing.
 * `store` and `bytesOf` are for the api's own code that has already decided (a template being
 * created, the demo seed, a prospect's download route once the prospect's rule passed).
 */
@Injectable()
export class FilesService {
  constructor(
    @Inject(READ_DB) private readonly db: Database.Database,
    @Inject(BLOB_STORE) readonly blobs: EncryptedBlobStore,
    private readonly executor: CommandExecutor,
    private readonly targets: CacheTargets,
  ) {}

  /** POST /cache/upload: the target's write rule, then the bytes are checked and stored. */
  async upload(upload: Upload, actor: Actor): Promise<string> {
    const target = this.targets.resolve(upload.target, upload.kind);
    checkCacheAccess(actor, target, 'upload');
    checkUploadKind(upload.kind, target);
    return this.store(upload, actor);
  }

  /** Checks the bytes, stores them, records the file; answers its new id. No access rule. */
  async store(upload: Upload, actor: Actor): Promise<string> {
    // The decider checks this too; refusing first keeps refused bytes off the disk.
    const mime = checkedUpload(upload.bytes, upload.kind);
    // 96 random bits, not an ObjectId: images are served without a token, so the id is the key.
    const fileId = randomBytes(12).toString('hex');
    await withNewBlob(this.blobs, upload.bytes, (hash) =>
      this.executor.execute(
        `file-${fileId}`,
        fileDecider,
        {
          type: 'StoreFile',
          fileId,
          hash,
          name: upload.name,
          mime,
          size: upload.bytes.length,
          kind: upload.kind,
          target: upload.target,
          uploaderId: actor.id,
          at: new Date().toISOString(),
        },
        { actor },
      ),
    );
    return fileId;
  }

  /** GET /cache/for/{target}: the files of a target its reader may list, oldest first. */
  listFor(rawTarget: string, actor: Actor): Listed[] {
    checkCacheAccess(actor, this.targets.resolve(rawTarget), 'list');
    return this.db
      .prepare(
        `SELECT ${COLUMNS}, uploaded_at AS uploadedAt FROM files
         WHERE target = ? ORDER BY uploaded_at ASC, rowid ASC`,
      )
      .all(rawTarget.trim()) as Listed[];
  }

  /** DELETE /cache/{fileId}: the target's rule, then the decider's (admins or the uploader). */
  async remove(fileId: string, actor: Actor): Promise<void> {
    this.readable(fileId, actor, 'remove');
    await this.executor.execute(
      `file-${fileId}`,
      fileDecider,
      { type: 'RemoveFile', actor, at: new Date().toISOString() },
      { actor },
    );
  }

  find(id: string): FileRecord | null {
    const row = this.db.prepare(`SELECT ${COLUMNS} FROM files WHERE id = ?`).get(id) as
      FileRecord | undefined;
    return row ?? null;
  }

  /** A file the actor may read or remove under its target's rule; 404 when it does not exist. */
  private readable(id: string, actor: Actor, action: 'read' | 'remove'): FileRecord {
    const file = this.find(id);
    const target = file ? this.targets.ofFile(file) : null;
    if (!file || !target) throw new DomainError(FILE_MESSAGES.notFound, 'notFound');
    checkCacheAccess(actor, target, action, file);
    return file;
  }

  /** GET /cache/file/{id}: the record and its bytes, under the target's read rule. */
  readFor(id: string, actor: Actor): { file: FileRecord; bytes: Buffer } {
    const file = this.readable(id, actor, 'read');
    const bytes = this.bytesOf(file);
    if (!bytes) throw new DomainError(FILE_MESSAGES.notFound, 'notFound');
    return { file, bytes };
  }

  /** A property photo (the public image route, the PDFs): nothing else is served this way. */
  photo(id: string): { file: FileRecord; bytes: Buffer } | null {
    const file = this.find(id);
    const target = file ? this.targets.ofFile(file) : null;
    if (!file || !target || !isPublicPhoto(file, target)) return null;
    const bytes = this.bytesOf(file);
    return bytes ? { file, bytes } : null;
  }

  /** The plain bytes of a record, for code that already checked who asks. */
  bytesOf(file: FileRecord): Buffer | null {
    return this.blobs.get(file.hash);
  }
}

export type { StoredFile };
