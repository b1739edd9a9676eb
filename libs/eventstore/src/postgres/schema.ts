import type { EventData, ExpectedRevision, SerializedEventData } from '../event-store';
import { uuidv7 } from '../uuidv7';

/**
 * The PostgreSQL side of the adapter: one table, one append function, one notification channel.
 * Why it is built this way is explained at the top of postgres-event-store.ts.
 */

/** Session-level advisory lock keys of this store (bigint form; other Reloc locks use others). */
export const LOCK_KEYS = {
  /** Held by every append transaction until it commits: positions follow commit order. */
  append: '5928228387813326849', // 0x52454c4f43000001, "RELOC" + 1
  /** Held while the schema is created or updated, so replicas starting together do not race. */
  migration: '5928228387813326848', // 0x52454c4f43000000
} as const;

/** NOTIFY channel of every committed append; the payload is the last position written. */
export const APPENDED_CHANNEL = 'events_appended';

/** How `append_events` reads an expected revision: >= 0 exact, or one of these. */
const EXPECTED_CODES = { no_stream: -1, any: -2, stream_exists: -4 } as const;

export function expectedRevisionCode(expected: ExpectedRevision): number {
  if (typeof expected === 'string') return EXPECTED_CODES[expected];
  if (!Number.isSafeInteger(expected) || expected < -1) {
    throw new RangeError(`Invalid expected revision ${expected}`);
  }
  return expected; // -1, the revision of a missing stream, means no_stream, as it does elsewhere
}

const TABLE = `
CREATE TABLE IF NOT EXISTS events (
  position bigint PRIMARY KEY,
  id text NOT NULL UNIQUE,
  stream_id text NOT NULL,
  revision integer NOT NULL,
  type text NOT NULL,
  data json NOT NULL,
  metadata json NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream_id, revision)
)`;

/**
 * Separates the events' fields in the text parameters of append_events. JSON.stringify escapes
 * every control character, so it never occurs in a JSON text; ids and types are checked.
 */
const SEPARATOR = '\x1e'; // ASCII record separator

/*
 * One call = one statement = one implicit transaction = one round trip. Each field of the batch
 * comes as one text, joined by SEPARATOR and split with string_to_array: no array literal to
 * escape in JavaScript and unescape in PostgreSQL (with text[]/json[] parameters that was a
 * quarter of the CPU of a 100-event append). The adapter appends a single event, the usual
 * command, without it (SINGLE_APPEND below); other callers may. `json`, not `jsonb`: the text is
 * kept as written (key order, "\u0000"), as SQLite keeps it; PostgreSQL still checks it is JSON.
 * Under READ COMMITTED each statement of a volatile function takes a new snapshot, so what is
 * read after the lock includes every append committed before it; under REPEATABLE READ it would
 * not, hence the guard.
 */
const APPEND_FUNCTION = `
CREATE OR REPLACE FUNCTION append_events(
  p_stream_id text,
  p_expected integer,
  p_count integer,
  p_ids text,
  p_types text,
  p_data text,
  p_metadata text,
  OUT accepted boolean,
  OUT revision integer,
  OUT last_position bigint
) LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  done text; -- receives the void results of the lock and NOTIFY calls
  appended integer := p_count;
  ids text[];
  types text[];
  data text[];
  metadata text[];
  current_revision integer;
  head bigint;
  stamp timestamptz;
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'append_events needs READ COMMITTED isolation, not %',
      current_setting('transaction_isolation');
  END IF;
  -- An assignment, not PERFORM: a lone function call is evaluated as a simple expression,
  -- without starting the executor (so is the NOTIFY below). The next statement still takes its
  -- own snapshot, after the lock is granted.
  done := pg_advisory_xact_lock(${LOCK_KEYS.append});

  SELECT e.revision INTO current_revision
    FROM events e WHERE e.stream_id = p_stream_id ORDER BY e.revision DESC LIMIT 1;
  current_revision := coalesce(current_revision, -1);
  accepted := p_expected = ${EXPECTED_CODES.any}
    OR (p_expected = ${EXPECTED_CODES.no_stream} AND current_revision = -1)
    OR (p_expected = ${EXPECTED_CODES.stream_exists} AND current_revision >= 0)
    OR p_expected = current_revision;
  revision := current_revision;
  IF NOT accepted OR appended = 0 THEN
    RETURN;
  END IF;

  SELECT e.position INTO head FROM events e ORDER BY e.position DESC LIMIT 1;
  head := coalesce(head, 0);

  ids := string_to_array(p_ids, E'\\x1e');
  types := string_to_array(p_types, E'\\x1e');
  data := string_to_array(p_data, E'\\x1e');
  metadata := string_to_array(p_metadata, E'\\x1e');
  IF cardinality(ids) <> appended OR cardinality(types) <> appended
      OR cardinality(data) <> appended OR cardinality(metadata) <> appended THEN
    RAISE EXCEPTION 'append_events: % events announced, fields of % % % % given', appended,
      cardinality(ids), cardinality(types), cardinality(data), cardinality(metadata);
  END IF;

  stamp := clock_timestamp(); -- read under the lock: created_at follows the positions
  INSERT INTO events (position, id, stream_id, revision, type, data, metadata, created_at)
    SELECT head + u.n, u.id, p_stream_id, current_revision + u.n, u.type, u.data::json,
      u.metadata::json, stamp
    FROM unnest(ids, types, data, metadata) WITH ORDINALITY AS u(id, type, data, metadata, n);
  revision := current_revision + appended;
  last_position := head + appended;
  done := pg_notify('${APPENDED_CHANNEL}', last_position::text);
END
$fn$`;

/**
 * One event, the usual command, in one round trip without a function call: two prepared
 * statements sent together and run as one implicit transaction (the extended protocol commits at
 * Sync, not after each Execute). `lock` takes the append lock; `insert` then takes its snapshot
 * when it runs, after the lock is granted (an INSERT … RETURNING starts its executor at Execute,
 * and under READ COMMITTED each statement takes a new snapshot), so it sees every append committed
 * before, as append_events's statements do. It writes the event only if the expected revision
 * ($2, as `expectedRevisionCode` writes it) holds and the transaction is READ COMMITTED; its
 * RETURNING notifies the position. No row back: nothing was written, and `rejected` (run after,
 * outside the lock) tells why: the stream's revision then, and the isolation. Against
 * append_events this saves the plpgsql call and two of its statements' executor runs: about
 * 10 µs of server CPU a call (`node bench/postgres-cpu.mjs`), and the row description, since the
 * adapter reads the texts by position. Parameters: stream id, expected code, event id, type,
 * data, metadata (JSON texts).
 */
export const SINGLE_APPEND = {
  lock: `SELECT pg_advisory_xact_lock(${LOCK_KEYS.append})`,
  insert: `INSERT INTO events (position, id, stream_id, revision, type, data, metadata, created_at)
  SELECT coalesce((SELECT e.position FROM events e ORDER BY e.position DESC LIMIT 1), 0) + 1,
    $3, $1, s.current + 1, $4, $5::json, $6::json, clock_timestamp()
  FROM (SELECT coalesce((SELECT e.revision FROM events e WHERE e.stream_id = $1
    ORDER BY e.revision DESC LIMIT 1), -1) AS current) s
  WHERE current_setting('transaction_isolation') = 'read committed'
    AND ($2::integer = ${EXPECTED_CODES.any}
      OR ($2 = ${EXPECTED_CODES.no_stream} AND s.current = -1)
      OR ($2 = ${EXPECTED_CODES.stream_exists} AND s.current >= 0)
      OR $2 = s.current)
  RETURNING position, revision, pg_notify('${APPENDED_CHANNEL}', position::text)`,
  rejected: `SELECT coalesce(max(revision), -1), current_setting('transaction_isolation')
  FROM events WHERE stream_id = $1`,
} as const;

/**
 * The call the adapter makes for a batch (also by tests that append as another process would).
 * The function is called in the select list, not in FROM: no function scan and its tuplestore,
 * and one column, the OUT parameters as one record text that `appendResult` reads. With the
 * assignments above, a one-event call took about 9 µs less server CPU (46 instead of 55 µs above
 * a raw INSERT's, `node bench/postgres-cpu.mjs`, three runs alternating with the previous
 * version), when the adapter still appended single events this way.
 */
export const APPEND_SQL = 'SELECT append_events($1, $2, $3, $4, $5, $6, $7)';

/** What append_events returned; lastPosition is null when nothing was written. */
export type AppendOutcome = { accepted: boolean; revision: number; lastPosition: string | null };

/**
 * Reads APPEND_SQL's one column: the record text PostgreSQL writes for (accepted, revision,
 * last_position), e.g. `(t,4,1207)`, `(f,-1,)`: a boolean, an integer, a bigint or nothing for
 * null; none of them is ever quoted.
 */
export function appendResult(record: string): AppendOutcome {
  const match = /^\(([tf]),(-?\d+),(\d*)\)$/.exec(record);
  if (!match) throw new Error(`append_events returned ${JSON.stringify(record)}`);
  return {
    accepted: match[1] === 't',
    revision: Number(match[2]),
    lastPosition: match[3] === '' ? null : match[3],
  };
}

/** An event's id (a new UUIDv7 when it has none) and its data and metadata as JSON texts. */
export function eventTexts(event: EventData): EventTexts {
  return [
    event.id ?? uuidv7(),
    JSON.stringify(event.data ?? null),
    JSON.stringify(event.metadata ?? {}),
  ];
}

/** An event already serialised: its texts as given (they must not hold SEPARATOR). */
export function serializedTexts(event: SerializedEventData): EventTexts {
  if (event.data.includes(SEPARATOR) || event.metadata.includes(SEPARATOR))
    throw new TypeError(`Event ${event.id}: a JSON text holds a raw record separator`);
  return [event.id, event.data, event.metadata];
}

export type EventTexts = [id: string, data: string, metadata: string];

/** APPEND_SQL's parameters for these events; an event without id gets a new UUIDv7. */
export function appendParameters(
  streamId: string,
  expected: ExpectedRevision,
  events: EventData[],
): unknown[] {
  return appendFunctionParameters(streamId, expected, events, eventTexts);
}

/** APPEND_SQL's parameters for events already serialised (their texts must not hold SEPARATOR). */
export function serializedAppendParameters(
  streamId: string,
  expected: ExpectedRevision,
  events: SerializedEventData[],
): unknown[] {
  return appendFunctionParameters(streamId, expected, events, serializedTexts);
}

/** SINGLE_APPEND.insert's parameters for one event, as texts. */
export function singleAppendParameters<E extends { type: string }>(
  streamId: string,
  expected: ExpectedRevision,
  event: E,
  texts: (event: E) => EventTexts,
): string[] {
  const [id, data, metadata] = texts(event);
  checkIdAndType(id, event.type);
  return [streamId, String(expectedRevisionCode(expected)), id, event.type, data, metadata];
}

/** APPEND_SQL's parameters: the events' texts, joined by SEPARATOR field by field. */
export function appendFunctionParameters<E extends { type: string }>(
  streamId: string,
  expected: ExpectedRevision,
  events: E[],
  texts: (event: E) => EventTexts,
): unknown[] {
  const ids: string[] = [];
  const types: string[] = [];
  const data: string[] = [];
  const metadata: string[] = [];
  for (const event of events) {
    const [id, dataText, metadataText] = texts(event);
    checkIdAndType(id, event.type);
    ids.push(id);
    types.push(event.type);
    data.push(dataText);
    metadata.push(metadataText);
  }
  return [
    streamId,
    expectedRevisionCode(expected),
    events.length,
    ids.join(SEPARATOR),
    types.join(SEPARATOR),
    data.join(SEPARATOR),
    metadata.join(SEPARATOR),
  ];
}

function checkIdAndType(id: string, type: string): void {
  if (!id || id.includes(SEPARATOR)) throw new TypeError(`Invalid event id ${JSON.stringify(id)}`);
  if (!type || type.includes(SEPARATOR)) {
    throw new TypeError(`Invalid event type ${JSON.stringify(type)}`);
  }
}

/** Run in one transaction; idempotent, so every store runs it when it first needs the database. */
export const MIGRATION = [
  `SELECT pg_advisory_xact_lock(${LOCK_KEYS.migration})`,
  TABLE,
  APPEND_FUNCTION,
];

/** Fails with a clear message when an `events` table of another shape is in the way. */
export const SHAPE_CHECK =
  'SELECT position, id, stream_id, revision, type, data, metadata, created_at FROM events LIMIT 0';

/** Columns of a RecordedEvent, in this order; created_at as the ISO string JavaScript writes. */
export const EVENT_COLUMNS = `position, id, stream_id, revision, type, data::text, metadata::text,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
