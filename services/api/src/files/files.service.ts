import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type Database from 'better-sqlite3';
import { fileDecider, StoredFile, StoredFileType, UploadKind } from '@reloc/domain';
import { APP_CONFIG, AppConfig } from '../config';
import { Actor, CommandExecutor } from '../infrastructure/command-executor';
import { READ_DB } from '../infrastructure/tokens';
import { BlobStore } from './blob-store';
import { checkedUpload } from './upload';

export type FileRecord = {
  id: string;
  hash: string;
  name: string;
  mime: StoredFileType;
  size: number;
  kind: UploadKind;
  target: string | null;
};

export type Upload = {
  bytes: Uint8Array;
  name: string;
  kind: UploadKind;
  target: string | null;
};

/**
 * Uploaded files: the bytes in the content-addressed blob store, the record (id → hash, name,
 * type, size, target, uploader, date) as a `FileStored` event in a `file-<id>` stream. Events
 * rather than a table so that every replica's read model (and a rebuild) knows every file.
 */
@Injectable()
export class FilesService {
  readonly blobs: BlobStore;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(READ_DB) private readonly db: Database.Database,
    private readonly executor: CommandExecutor,
  ) {
    this.blobs = new BlobStore(config.filesDir);
  }

  /** Checks the bytes, stores them, records the file; answers its new id. */
  async store(upload: Upload, actor: Actor): Promise<string> {
    // The decider checks this too; refusing first keeps refused bytes off the disk.
    const mime = checkedUpload(upload.bytes, upload.kind);
    const hash = this.blobs.put(upload.bytes);
    // 96 random bits, not an ObjectId: images are served without a token, so the id is the key.
    const fileId = randomBytes(12).toString('hex');
    await this.executor.execute(
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
    );
    return fileId;
  }

  /** The files uploaded for one target (an article, `__reports`…), oldest first. */
  listFor(target: string): (FileRecord & { uploadedAt: string })[] {
    return this.db
      .prepare(
        `SELECT id, hash, name, mime, size, kind, target, uploaded_at AS uploadedAt FROM files
         WHERE target = ? ORDER BY uploaded_at ASC, rowid ASC`,
      )
      .all(target) as (FileRecord & { uploadedAt: string })[];
  }

  /** Removes a file (admins or its uploader, said by the decider); its blob stays. */
  async remove(fileId: string, actor: Actor): Promise<void> {
    await this.executor.execute(
      `file-${fileId}`,
      fileDecider,
      { type: 'RemoveFile', actor, at: new Date().toISOString() },
      { actor },
    );
  }

  find(id: string): FileRecord | null {
    const row = this.db
      .prepare('SELECT id, hash, name, mime, size, kind, target FROM files WHERE id = ?')
      .get(id) as FileRecord | undefined;
    return row ?? null;
  }

  /** The record and its bytes, or null when either is missing. */
  read(id: string): { file: FileRecord; bytes: Buffer } | null {
    const file = this.find(id);
    const bytes = file ? this.blobs.get(file.hash) : null;
    return file && bytes ? { file, bytes } : null;
  }
}

export type { StoredFile };
