import { Inject, Injectable } from '@nestjs/common';
import type Database from 'better-sqlite3';
import type { Host } from '@reloc/domain';
import { READ_DB } from '../infrastructure/tokens';
import { searchWords } from './hosts.search';

export type HostSearch = {
  offset: number;
  size: number;
  input?: string;
  /** Absent or null: every host. */
  isActive?: boolean | null;
};

@Injectable()
export class HostsReadModel {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(@Inject(READ_DB) private readonly db: Database.Database) {}

  /** A few query shapes (filter or not, number of words): each is prepared once. */
  private statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  findById(id: string): Host | null {
    const raw = this.statement('SELECT doc FROM hosts WHERE id = ?').pluck().get(id) as
      string | undefined;
    return raw ? (JSON.parse(raw) as Host) : null;
  }

  /** A page of the catalogue, newest first, and the total of the whole search. */
  search(query: HostSearch): { hosts: Host[]; total: number } {
    const where: string[] = [];
    const params: unknown[] = [];
    if (typeof query.isActive === 'boolean') {
      where.push('is_active = ?');
      params.push(query.isActive ? 1 : 0);
    }
    for (const word of searchWords(query.input)) {
      where.push("search LIKE ? ESCAPE '\\'");
      params.push(`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    }
    const base = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const total = this.statement(`SELECT COUNT(*) FROM hosts ${base}`)
      .pluck()
      .get(...params) as number;
    const docs = this.statement(
      `SELECT doc FROM hosts ${base} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
    )
      .pluck()
      .all(...params, query.size, query.offset) as string[];
    return { hosts: docs.map((doc) => JSON.parse(doc) as Host), total };
  }
}
