import { CorruptEventError, RecordedEvent } from './event-store';

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
