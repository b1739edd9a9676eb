import type Database from 'better-sqlite3';
import type { SessionEvent, UserEvent } from '@reloc/domain';
import { Projection } from '../infrastructure/projection';
import { preparedPerConnection } from '../infrastructure/prepared-statements';

type Data<E extends { type: string; data: unknown }, T extends E['type']> = Extract<
  E,
  { type: T }
>['data'];

function prepareStatements(db: Database.Database) {
  return {
    open: db.prepare(
      `INSERT OR REPLACE INTO sessions (id, user_id, via, generation, revoked, opened_at, expires_at)
       VALUES (?, ?, ?, 0, NULL, ?, ?)`,
    ),
    refresh: db.prepare('UPDATE sessions SET generation = max(generation, ?) WHERE id = ?'),
    revoke: db.prepare('UPDATE sessions SET revoked = ? WHERE id = ? AND revoked IS NULL'),
    revokeAllOf: db.prepare(
      'UPDATE sessions SET revoked = ? WHERE user_id = ? AND revoked IS NULL',
    ),
  };
}

const statementsOf = preparedPerConnection(prepareStatements);

/**
 * The `sessions` table: per login session, its refresh generation and whether it is revoked,
 * read on every call. A deactivation or a password change closes every session the person
 * had at that point of the log (sessions opened afterwards stay open).
 */
export const sessionsProjection: Projection = {
  name: 'sessions',
  version: 1,
  handles: [
    'SessionOpened',
    'SessionRefreshed',
    'SessionRevoked',
    'UserDeactivated',
    'UserPasswordSet',
    'UserDeleted',
  ],
  setup(db) {
    db.exec(`CREATE TABLE IF NOT EXISTS sessions (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL,
      via TEXT NOT NULL,
      generation INTEGER NOT NULL,
      revoked TEXT,
      opened_at TEXT NOT NULL,
      expires_at TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id);`);
    statementsOf.forget(db);
  },
  drop(db) {
    statementsOf.forget(db);
    db.exec('DROP TABLE IF EXISTS sessions');
  },
  apply(db, event) {
    const sql = statementsOf(db);
    switch (event.type) {
      case 'SessionOpened': {
        const d = event.data as Data<SessionEvent, 'SessionOpened'>;
        sql.open.run(d.sessionId, d.userId, d.via, d.openedAt, d.expiresAt);
        return;
      }
      case 'SessionRefreshed': {
        const d = event.data as Data<SessionEvent, 'SessionRefreshed'>;
        sql.refresh.run(d.generation, d.sessionId);
        return;
      }
      case 'SessionRevoked': {
        const d = event.data as Data<SessionEvent, 'SessionRevoked'>;
        sql.revoke.run(d.reason, d.sessionId);
        return;
      }
      case 'UserDeactivated':
        sql.revokeAllOf.run(
          'deactivated',
          (event.data as Data<UserEvent, 'UserDeactivated'>).userId,
        );
        return;
      case 'UserPasswordSet':
        sql.revokeAllOf.run(
          'passwordChanged',
          (event.data as Data<UserEvent, 'UserPasswordSet'>).userId,
        );
        return;
      case 'UserDeleted':
        sql.revokeAllOf.run('deleted', (event.data as Data<UserEvent, 'UserDeleted'>).userId);
        return;
    }
  },
};
