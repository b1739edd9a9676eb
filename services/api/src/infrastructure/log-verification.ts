import Database from 'better-sqlite3';
import { ChainFault, ChainVerifier, CorruptEventError, EventStore } from '@reloc/eventstore';
import { Projection } from './projection';
import { Projector } from './projector';

const PAGE_SIZE = 1000;

/** Re-reads the whole log in order and follows every stream's hash chain. */
export async function verifyChains(
  store: EventStore,
  onProgress?: (position: number) => void,
): Promise<{ checked: number; faults: ChainFault[] }> {
  const verifier = new ChainVerifier();
  for (let position = 0; ;) {
    let page;
    try {
      page = await store.readAll(position, PAGE_SIZE);
    } catch (error) {
      // By name: the store may come from another copy of the library (dist vs sources).
      if (!(error instanceof Error) || error.name !== 'CorruptEventError') throw error;
      const corrupt = error as CorruptEventError;
      // One by one up to the unreadable event, which is noted; then on after it.
      for (;;) {
        const [event] = await store.readAll(position, 1).catch(() => []);
        if (!event || event.position >= corrupt.position) break;
        verifier.add(event);
        position = event.position;
      }
      verifier.addUnreadable({
        streamId: corrupt.streamId,
        eventId: corrupt.eventId,
        revision: corrupt.revision,
        position: corrupt.position,
      });
      position = corrupt.position;
      continue;
    }
    if (!page.length) break;
    for (const event of page) verifier.add(event);
    position = page[page.length - 1].position;
    onProgress?.(position);
  }
  return { checked: verifier.checked, faults: verifier.faults };
}

export type TableDifference = {
  table: string;
  /** Rows the replay produced that the live read model lacks (or holds differently). */
  missingInLive: string[];
  /** Rows the live read model holds that the replay does not produce. */
  extraInLive: string[];
};

const BOOKKEEPING = new Set(['rm_checkpoints', 'rm_meta']);

/**
 * Ordinary tables only: a full-text index (virtual table and its shadow tables) is derived
 * from a compared table's column, and its pages depend on the order of past writes.
 */
function tables(db: Database.Database): string[] {
  return db
    .prepare(
      `SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table'
         AND name NOT LIKE 'sqlite_%' ORDER BY name`,
    )
    .pluck()
    .all() as string[];
}

function rowsOf(db: Database.Database, table: string): string[] {
  return (db.prepare(`SELECT * FROM "${table}"`).all() as Record<string, unknown>[]).map((row) =>
    JSON.stringify(row, (_key, value: unknown) =>
      Buffer.isBuffer(value) ? value.toString('base64') : value,
    ),
  );
}

/** Multiset difference a − b of row texts. */
function minus(a: string[], b: string[]): string[] {
  const counts = new Map<string, number>();
  for (const row of b) counts.set(row, (counts.get(row) ?? 0) + 1);
  const out: string[] = [];
  for (const row of a) {
    const left = counts.get(row) ?? 0;
    if (left > 0) counts.set(row, left - 1);
    else out.push(row);
  }
  return out;
}

/**
 * Replays the log into a scratch in-memory store, up to the live checkpoint, and compares
 * every read-model table row by row with the live one.
 */
export async function compareReadModels(
  store: EventStore,
  live: Database.Database,
  projections: readonly Projection[],
  onProgress?: (position: number) => void,
): Promise<{ position: number; tables: number; differences: TableDifference[] }> {
  // One read transaction: the checkpoint and the rows it produced, as of the same instant,
  // even while the server keeps writing.
  const snapshot = live.transaction(() => {
    const position =
      (live
        .prepare("SELECT position FROM rm_checkpoints WHERE name = 'read-models'")
        .pluck()
        .get() as number | undefined) ?? 0;
    const rows = new Map<string, string[]>();
    for (const table of tables(live))
      if (!BOOKKEEPING.has(table) && table !== 'events') rows.set(table, rowsOf(live, table));
    return { position, rows };
  })();
  const scratch = new Database(':memory:');
  try {
    await new Projector(store, scratch, projections).rebuild(onProgress, snapshot.position);
    const names = tables(scratch).filter((name) => !BOOKKEEPING.has(name));
    const differences: TableDifference[] = [];
    for (const table of names) {
      const replayed = rowsOf(scratch, table);
      const current = snapshot.rows.get(table) ?? [];
      const missingInLive = minus(replayed, current);
      const extraInLive = minus(current, replayed);
      if (missingInLive.length || extraInLive.length)
        differences.push({ table, missingInLive, extraInLive });
    }
    return { position: snapshot.position, tables: names.length, differences };
  } finally {
    scratch.close();
  }
}

const PROBLEMS: Record<ChainFault['problem'], string> = {
  hash: 'content changed since it was written (hash mismatch)',
  prev: 'chain broken: the previous event of the stream is missing or was replaced',
  unchained: 'no chain link (written outside the chaining store)',
  unreadable: 'unreadable: its stored bytes are no longer valid JSON',
};

/** The report verify-log prints; `ok` false makes it exit 1. */
export function formatVerification(
  chains: { checked: number; faults: ChainFault[] },
  models: { position: number; tables: number; differences: TableDifference[] },
): { ok: boolean; text: string } {
  const lines: string[] = [];
  lines.push(`events checked: ${chains.checked}`);
  if (!chains.faults.length) lines.push('hash chains: OK');
  for (const fault of chains.faults)
    lines.push(
      `TAMPERED stream ${fault.streamId} event ${fault.eventId} (revision ${fault.revision}, ` +
        `position ${fault.position}, ${fault.type}): ${PROBLEMS[fault.problem]}`,
    );
  lines.push(`read models compared at position ${models.position}: ${models.tables} tables`);
  if (!models.differences.length) lines.push('read models: identical to a replay of the log');
  for (const diff of models.differences) {
    lines.push(
      `DIFFERS table ${diff.table}: ${diff.missingInLive.length} row(s) missing or different in the live store, ` +
        `${diff.extraInLive.length} row(s) only in the live store`,
    );
    for (const row of diff.missingInLive.slice(0, 3)) lines.push(`  replay: ${row.slice(0, 300)}`);
    for (const row of diff.extraInLive.slice(0, 3)) lines.push(`  live:   ${row.slice(0, 300)}`);
  }
  return { ok: !chains.faults.length && !models.differences.length, text: lines.join('\n') };
}
