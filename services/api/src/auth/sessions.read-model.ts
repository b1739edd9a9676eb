import { Inject, Injectable } from '@nestjs/common';
import type Database from 'better-sqlite3';
import { READ_DB } from '../infrastructure/tokens';

export type SessionRow = {
  id: string;
  userId: string;
  generation: number;
  /** Why it was closed; null while open. */
  revoked: string | null;
  expiresAt: string;
};

type RawRow = {
  id: string;
  user_id: string;
  generation: number;
  revoked: string | null;
  expires_at: string;
};

/** One primary-key lookup per authenticated call: is this session still open, at which generation. */
@Injectable()
export class SessionsReadModel {
  constructor(@Inject(READ_DB) private readonly db: Database.Database) {}

  findById(id: string): SessionRow | null {
    const row = this.db
      .prepare('SELECT id, user_id, generation, revoked, expires_at FROM sessions WHERE id = ?')
      .get(id) as RawRow | undefined;
    return row
      ? {
          id: row.id,
          userId: row.user_id,
          generation: row.generation,
          revoked: row.revoked,
          expiresAt: row.expires_at,
        }
      : null;
  }

  openOf(userId: string): string[] {
    return this.db
      .prepare('SELECT id FROM sessions WHERE user_id = ? AND revoked IS NULL')
      .pluck()
      .all(userId) as string[];
  }
}
