import { Inject, Injectable } from '@nestjs/common';
import type Database from 'better-sqlite3';
import { Rewards, Role, UserVersion } from '@reloc/domain';
import { READ_DB } from '../infrastructure/tokens';

export type UserRow = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  trigram: string | null;
  version: UserVersion;
  isDeactivated: boolean;
  createdAt: string;
  passwordHash: string | null;
  rewards: Rewards;
};

type RawRow = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  trigram: string | null;
  version: number;
  is_deactivated: number;
  created_at: string;
  password_hash: string | null;
  rewards: string;
};

function toUser(row: RawRow): UserRow {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    trigram: row.trigram,
    version: row.version as UserVersion,
    isDeactivated: row.is_deactivated === 1,
    createdAt: row.created_at,
    passwordHash: row.password_hash,
    rewards: JSON.parse(row.rewards) as Rewards,
  };
}

/** The public shape of a staff member or user (never the password hash). */
export function toUserDto(user: UserRow, projectsCount = 0) {
  return {
    _id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    trigram: user.trigram,
    version: user.version,
    isDeactivated: user.isDeactivated,
    createdAt: user.createdAt,
    inscription: user.createdAt,
    projectsCount,
    rewards: user.rewards,
    counters: { seenAnnouncements: {}, savedAnnouncements: {} },
  };
}

export function toStaffDto(user: UserRow) {
  return {
    _id: user.id,
    trigram: user.trigram,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
  };
}

@Injectable()
export class UsersReadModel {
  constructor(@Inject(READ_DB) private readonly db: Database.Database) {}

  findByEmail(email: string): UserRow | null {
    const row = this.db.prepare('SELECT * FROM users WHERE email = ?').get(email) as
      RawRow | undefined;
    return row ? toUser(row) : null;
  }

  findById(id: string): UserRow | null {
    const row = this.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as RawRow | undefined;
    return row ? toUser(row) : null;
  }

  findByTrigram(trigram: string): UserRow | null {
    const row = this.db.prepare('SELECT * FROM users WHERE trigram = ?').get(trigram) as
      RawRow | undefined;
    return row ? toUser(row) : null;
  }

  count(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
  }

  list(roles: readonly string[] | undefined, search: string | undefined): UserRow[] {
    const where: string[] = [];
    const params: unknown[] = [];
    if (roles?.length) {
      where.push(`role IN (${roles.map(() => '?').join(',')})`);
      params.push(...roles);
    }
    const term = search?.trim().toLowerCase();
    if (term) {
      where.push(
        "(lower(first_name) LIKE ? ESCAPE '\\' OR lower(last_name) LIKE ? ESCAPE '\\' OR lower(email) LIKE ? ESCAPE '\\' OR lower(coalesce(trigram, '')) LIKE ? ESCAPE '\\')",
      );
      const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      params.push(like, like, like, like);
    }
    const sql = `SELECT * FROM users ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY last_name COLLATE NOCASE, first_name COLLATE NOCASE`;
    return (this.db.prepare(sql).all(...params) as RawRow[]).map(toUser);
  }

  /** Active staff having a trigram: the only ones offered for assignment (§6). */
  staff(): UserRow[] {
    const rows = this.db
      .prepare(
        "SELECT * FROM users WHERE is_deactivated = 0 AND trigram IS NOT NULL AND role != 'USER' ORDER BY trigram",
      )
      .all() as RawRow[];
    return rows.map(toUser);
  }
}
