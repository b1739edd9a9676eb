import { CorruptEventError, ReadAllOptions, RecordedEvent } from './event-store';

/**
 * A stored event as the SQL stores read it, one array per row in this column order: data and
 * metadata are JSON texts; PostgreSQL answers the position, a bigint, as text.
 */
export type StoredEventRow = [
  position: number | string,
  id: string,
  streamId: string,
  revision: number,
  type: string,
  data: string,
  metadata: string,
  createdAt: string,
];

function parseStored(row: StoredEventRow, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new CorruptEventError(row[2], row[1], row[3], Number(row[0]));
  }
}

/** The event a row holds; a text no longer JSON throws CorruptEventError, naming the event. */
export function recordedEventOf(row: StoredEventRow): RecordedEvent {
  return {
    id: row[1],
    streamId: row[2],
    type: row[4],
    data: parseStored(row, row[5]),
    metadata: parseStored(row, row[6]) as Record<string, unknown>,
    revision: row[3],
    position: Number(row[0]),
    createdAt: row[7],
  };
}

/** An event whose metadata text is parsed when first read (ReadAllOptions 'on-access'). */
class EventWithMetadataOnAccess implements RecordedEvent {
  readonly id: string;
  readonly streamId: string;
  readonly type: string;
  readonly data: unknown;
  readonly revision: number;
  readonly position: number;
  readonly createdAt: string;
  /** Its text until first read (the only part of the row kept), then its value. */
  #metadataText: string | null;
  #metadata: Record<string, unknown> | undefined;

  constructor(row: StoredEventRow) {
    this.id = row[1];
    this.streamId = row[2];
    this.type = row[4];
    this.data = parseStored(row, row[5]);
    this.revision = row[3];
    this.position = Number(row[0]);
    this.createdAt = row[7];
    this.#metadataText = row[6];
  }

  get metadata(): Record<string, unknown> {
    if (this.#metadataText !== null) {
      try {
        this.#metadata = JSON.parse(this.#metadataText) as Record<string, unknown>;
      } catch {
        throw new CorruptEventError(this.streamId, this.id, this.revision, this.position);
      }
      this.#metadataText = null;
    }
    return this.#metadata!;
  }
}

/** How a store turns a page of rows into events, as `readAll`'s options ask. */
export function readAllRows(rows: StoredEventRow[], options?: ReadAllOptions): RecordedEvent[] {
  return options?.metadata === 'on-access'
    ? rows.map((row) => new EventWithMetadataOnAccess(row))
    : rows.map(recordedEventOf);
}
