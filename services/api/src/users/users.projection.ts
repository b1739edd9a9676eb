import type { UserEvent } from '@reloc/domain';
import { applyRewards, emptyRewards, Rewards } from '@reloc/domain';
import { Projection } from '../infrastructure/projection';

type Data<T extends UserEvent['type']> = Extract<UserEvent, { type: T }>['data'];

/** The `users` table: one row per staff member or user, for login, lists and assignment. */
export const usersProjection: Projection = {
  name: 'users',
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
  },
  drop(db) {
    db.exec('DROP TABLE IF EXISTS users');
  },
  apply(db, event) {
    switch (event.type) {
      case 'UserCreated': {
        const d = event.data as Data<'UserCreated'>;
        db.prepare(
          `INSERT OR REPLACE INTO users (id, email, first_name, last_name, role, trigram, created_at, rewards)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
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
        const row = db.prepare('SELECT rewards FROM users WHERE id = ?').get(userId) as
          { rewards: string } | undefined;
        if (!row) return;
        const rewards = changes.rewards
          ? applyRewards(JSON.parse(row.rewards) as Rewards, changes.rewards)
          : null;
        db.prepare(
          `UPDATE users SET
             first_name = coalesce(?, first_name), last_name = coalesce(?, last_name),
             role = coalesce(?, role), version = coalesce(?, version),
             trigram = CASE WHEN ? THEN ? ELSE trigram END,
             rewards = coalesce(?, rewards)
           WHERE id = ?`,
        ).run(
          changes.firstName ?? null,
          changes.lastName ?? null,
          changes.role ?? null,
          changes.version ?? null,
          changes.trigram !== undefined ? 1 : 0,
          changes.trigram ?? null,
          rewards ? JSON.stringify(rewards) : null,
          userId,
        );
        return;
      }
      case 'UserPasswordSet': {
        const d = event.data as Data<'UserPasswordSet'>;
        db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(d.passwordHash, d.userId);
        return;
      }
      case 'UserDeactivated': {
        const d = event.data as Data<'UserDeactivated'>;
        db.prepare('UPDATE users SET is_deactivated = 1 WHERE id = ?').run(d.userId);
        return;
      }
      case 'UserDeleted': {
        const d = event.data as Data<'UserDeleted'>;
        db.prepare('DELETE FROM users WHERE id = ?').run(d.userId);
        return;
      }
    }
  },
};
