import type { Connection, Submittable } from 'pg';
import { SINGLE_APPEND } from './schema';

/** Names of SINGLE_APPEND's statements and of the insert's portal on each connection. */
const LOCK = 'reloc-es-append-1-lock';
const INSERT = 'reloc-es-append-1';
const INSERT_PORTAL = 'reloc-es-append-1';

/** Connections on which both statements are prepared (a failed call forgets its connection). */
const prepared = new WeakSet<Connection>();

/** What the insert returned: the event's position and revision, or null when not written. */
export type SingleAppendOutcome = { position: string; revision: string } | null;

type Callback = (err: Error | null, outcome?: SingleAppendOutcome) => void;

/**
 * SINGLE_APPEND's lock and insert sent as one write, in one implicit transaction: pg's own queries
 * end each statement with a Sync (its transaction), so this is a submittable (pg's interface for
 * custom protocol flows, as pg-cursor is). The insert is bound first, to a named portal: its
 * parameters (the event's texts, which may be large) are received and checked before the lock
 * is taken, so the lock is held only while the server runs the two statements and commits. pg
 * calls `callback` (a pool sets it) once: with the outcome at ReadyForQuery, or with the error.
 */
export class SingleAppend implements Submittable {
  callback?: Callback;
  private completed = 0;
  private outcome: SingleAppendOutcome = null;
  private connection: Connection | null = null;

  /** `values`: stream id, expected code, id, type, data, metadata, as texts. */
  constructor(private readonly values: string[]) {}

  submit(connection: Connection): void {
    this.connection = connection;
    const stream = connection.stream as { cork?: () => void; uncork?: () => void };
    stream.cork?.();
    try {
      if (!prepared.has(connection)) {
        // Closing a statement that does not exist is no error: after a failed call, one of the
        // two may exist and the other not.
        connection.close({ type: 'S', name: LOCK }, true);
        connection.close({ type: 'S', name: INSERT }, true);
        connection.parse({ name: LOCK, text: SINGLE_APPEND.lock, types: [] }, true);
        connection.parse({ name: INSERT, text: SINGLE_APPEND.insert, types: [] }, true);
        prepared.add(connection);
      }
      connection.bind({ portal: INSERT_PORTAL, statement: INSERT, values: this.values }, true);
      connection.bind({ statement: LOCK, values: [] }, true);
      connection.execute({}, true);
      connection.execute({ portal: INSERT_PORTAL }, true);
      connection.sync();
    } finally {
      stream.uncork?.();
    }
  }

  handleRowDescription(): void {}

  handleDataRow(message: { fields: (string | null)[] }): void {
    if (this.completed !== 1) return; // the lock's void row
    const [position, revision] = message.fields;
    this.outcome = { position: position ?? '', revision: revision ?? '' };
  }

  handleCommandComplete(): void {
    this.completed++;
  }

  handleReadyForQuery(): void {
    this.finish(null);
  }

  handleError(err: Error): void {
    // The server skipped the rest up to the Sync and rolled back; a statement may not exist.
    if (this.connection) prepared.delete(this.connection);
    this.finish(err);
  }

  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyInResponse(): void {}
  handleCopyData(): void {}

  private finish(err: Error | null): void {
    const callback = this.callback;
    this.callback = undefined;
    if (err) callback?.(err);
    else callback?.(null, this.outcome);
  }
}
