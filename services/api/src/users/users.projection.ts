import type Database from 'better-sqlite3';
import type { UserEvent } from '@reloc/domain';
import { applyRewards, emptyRewards, Rewards } from '@reloc/domain';
import { Projection } from '../infrastructure/projection';
import { preparedPerConnection } from '../infrastructure/prepared-statements';

type Data<T extends UserEvent['type']> = Extract<UserEvent, { type: T }>['data'];

function prepareStatements(db: Database.Database) {
  return {
    insert: db.prepare(
      `INSERT OR REPLACE INTO users (id, email, first_name, last_name, role, trigram, created_at, rewards)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    rewardsOf: db.prepare('SELECT rewards FROM users WHERE id = ?').pluck(),
    update: db.prepare(
      `UPDATE users SET
         first_name = coalesce(?, first_name), last_name = coalesce(?, last_name),
         role = coalesce(?, role), version = coalesce(?, version),
         trigram = CASE WHEN ? THEN ? ELSE trigram END,
         rewards = coalesce(?, rewards)
       WHERE id = ?`,
    ),
    setPassword: db.prepare('UPDATE users SET password_hash = ? WHERE id = ?'),
    deactivate: db.prepare('UPDATE users SET is_deactivated = 1 WHERE id = ?'),
    remove: db.prepare('DELETE FROM users WHERE id = ?'),
  };
}

const statementsOf = preparedPerConnection(prepareStatements);

/** The `users` table: one row per staff member or user, for login, lists and assignment. */
export const usersProjection: Projection = {
  name: 'users',
  version: 1,
  handles: ['UserCreated', 'UserUpdated', 'UserPasswordSet', 'UserDeactivated', 'UserDeleted'],
  setup(db) {
    db.exec(`CREATE TABLE IF NOT EXISTS users (
      id TEXT PRIMARY KEY,
      email TEXT NOT NULL UNIQUE,
      first_name TEXT NOT NULL,
      last_name TEXT NOT NULL,
      role TEXT NOT NULL,
      trigram TEXT,
      version INTEGER NOT NULL DEFAULT 1,
      is_deactivated INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL,
      password_hash TEXT,
      rewards TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS users_trigram ON users (trigram);`);
    statementsOf.forget(db);
  },
  drop(db) {
    statementsOf.forget(db);
    db.exec('DROP TABLE IF EXISTS users');
  },
  apply(db, event) {
    const sql = statementsOf(db);
    switch (event.type) {
      case 'UserCreated': {
        const d = event.data as Data<'UserCreated'>;
        sql.insert.run(
          d.userId,
          d.email,
          d.firstName,
          d.lastName,
          d.role,
          d.trigram,
          d.createdAt,
          JSON.stringify(emptyRewards()),
        );
        return;
      }
      case 'UserUpdated': {
        const { userId, changes } = event.data as Data<'UserUpdated'>;
        let rewards: string | null = null;
        if (changes.rewards) {
          const current = sql.rewardsOf.get(userId) as string | undefined;
          if (current === undefined) return;
          rewards = JSON.stringify(applyRewards(JSON.parse(current) as Rewards, changes.rewards));
        }
        sql.update.run(
          changes.firstName ?? null,
          changes.lastName ?? null,
          changes.role ?? null,
          changes.version ?? null,
          changes.trigram !== undefined ? 1 : 0,
          changes.trigram ?? null,
          rewards,
          userId,
        );
        return;
      }
      case 'UserPasswordSet': {
        const d = event.data as Data<'UserPasswordSet'>;
        sql.setPassword.run(d.passwordHash, d.userId);
        return;
      }
      case 'UserDeactivated':
        sql.deactivate.run((event.data as Data<'UserDeactivated'>).userId);
        return;
      case 'UserDeleted':
        sql.remove.run((event.data as Data<'UserDeleted'>).userId);
        return;
    }
  },
};
