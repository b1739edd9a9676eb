import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import type Database from 'better-sqlite3';
import type { EventStore } from '@reloc/eventstore';
import { EncryptedBlobStore } from '@reloc/worker';
import { Projector } from '../infrastructure/projector';
import { EVENT_STORE, READ_DB } from '../infrastructure/tokens';
import { BLOB_STORE } from './blob-store';

/** A blob nothing names is left this long before the sweep removes it (a command in flight). */
export const ORPHAN_GRACE_MS = 24 * 3600 * 1000;
const SWEEP_EVERY_MS = 6 * 3600 * 1000;
const FIRST_SWEEP_AFTER_MS = 60 * 1000;

/**
 * Removes the bytes (and first the key: crypto-shredding) of every blob nothing holds any more
 * (blob-refs.projection.ts), right after the page of events that let it go is committed, before
 * the command that did it answers: DELETE …/document/{id} returns once the file is gone.
 *
 * It acts only while the projector follows the log live: during a catch-up or a rebuild a blob
 * let go by an old event may be named again by a later one not yet read (the former store
 * named blobs by their content). So at start, once caught up, it goes through everything let
 * go so far; then each live page. Erasing is idempotent, so api replicas sharing the files
 * folder may all do it.
 *
 * A sweep also removes, every 6 hours, the encrypted blobs no event has ever named that are
 * older than a day (written for a command that then failed), and the temporary files of writes
 * cut short. It leaves the former layout alone: those go through the migration first.
 */
@Injectable()
export class BlobEraser implements OnModuleDestroy {
  private readonly logger = new Logger('BlobEraser');
  private watermark = 0;
  private stopListening: (() => void) | null = null;
  private timers: NodeJS.Timeout[] = [];
  private releasedSince: Database.Statement | null = null;

  constructor(
    @Inject(READ_DB) private readonly db: Database.Database,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(BLOB_STORE) private readonly blobs: EncryptedBlobStore,
    private readonly projector: Projector,
  ) {}

  /** After the projector's first catch-up (app.factory.ts). */
  start(): void {
    this.stopListening = this.projector.onPage((_events, live) => {
      if (live) this.eraseReleased();
    });
    const erased = this.eraseReleased();
    if (erased) this.logger.log(`${erased} fichier(s) supprimé(s) / blobs erased at start`);
    const sweep = () =>
      void this.sweepOrphans().catch((error: unknown) =>
        this.logger.warn(`sweep failed: ${String(error)}`),
      );
    const first = setTimeout(sweep, FIRST_SWEEP_AFTER_MS);
    const every = setInterval(sweep, SWEEP_EVERY_MS);
    first.unref();
    every.unref();
    this.timers.push(first, every);
  }

  onModuleDestroy(): void {
    this.stopListening?.();
    for (const timer of this.timers.splice(0)) clearTimeout(timer);
  }

  /** Erases what was let go since the last call and is held by nothing; answers how many. */
  eraseReleased(): number {
    // Prepared once: this runs after every live page of the projector.
    this.releasedSince ??= this.db.prepare(
      `SELECT r.seq AS seq, r.blob AS blob,
              EXISTS (SELECT 1 FROM blob_holders h WHERE h.blob = r.blob) AS held
       FROM blob_released r WHERE r.seq > ? ORDER BY r.seq`,
    );
    const rows = this.releasedSince.all(this.watermark) as {
      seq: number;
      blob: string;
      held: number;
    }[];
    let erased = 0;
    for (const row of rows) {
      this.watermark = row.seq;
      if (row.held || !EncryptedBlobStore.isBlobId(row.blob)) continue;
      try {
        if (this.blobs.erase(row.blob)) erased += 1;
      } catch (error) {
        this.logger.error(`could not erase blob ${row.blob}: ${String(error)}`);
      }
    }
    return erased;
  }

  /** Removes the encrypted blobs no event names, older than the grace period; answers how many. */
  async sweepOrphans(now = Date.now(), graceMs = ORPHAN_GRACE_MS): Promise<number> {
    const head = await this.events.headPosition();
    if (!this.projector.following || this.projector.currentPosition < head) return 0;
    const named = new Set<string>();
    const ids = this.db
      .prepare('SELECT blob FROM blob_holders UNION SELECT blob FROM blob_released')
      .pluck()
      .all() as string[];
    for (const id of ids) if (EncryptedBlobStore.isBlobId(id)) named.add(this.blobs.nameOf(id));
    let removed = this.blobs.removeTemporaries(now - graceMs);
    for (const stored of this.blobs.stored()) {
      if (named.has(stored.name) || now - stored.modifiedAt < graceMs) continue;
      if (this.blobs.eraseStored(stored.name)) removed += 1;
    }
    if (removed)
      this.logger.log(`${removed} fichier(s) orphelin(s) supprimé(s) / orphan blobs removed`);
    return removed;
  }
}
