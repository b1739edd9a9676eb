import type Database from 'better-sqlite3';

export type PreparedPerConnection<T> = ((db: Database.Database) => T) & {
  /** Drops the cached statements (their table was just dropped or recreated). */
  forget(db: Database.Database): void;
};

/**
 * A projection's statements, prepared once per connection: preparing them for every event
 * costs more than the write itself during a rebuild.
 */
export function preparedPerConnection<T>(
  prepare: (db: Database.Database) => T,
): PreparedPerConnection<T> {
  const cache = new WeakMap<Database.Database, T>();
  const get = (db: Database.Database): T => {
    let prepared = cache.get(db);
    if (prepared === undefined) {
      prepared = prepare(db);
      cache.set(db, prepared);
    }
    return prepared;
  };
  return Object.assign(get, { forget: (db: Database.Database) => void cache.delete(db) });
}
