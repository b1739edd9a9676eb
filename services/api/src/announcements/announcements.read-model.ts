import { Inject, Injectable } from '@nestjs/common';
import type Database from 'better-sqlite3';
import type { Announcement } from '@reloc/domain';
import { READ_DB } from '../infrastructure/tokens';

export type ActivityRow = {
  staffId: string;
  trigram: string | null;
  day: string;
  seen: number;
  saved: number;
};

@Injectable()
export class AnnouncementsReadModel {
  constructor(@Inject(READ_DB) private readonly db: Database.Database) {}

  findById(id: string): Announcement | null {
    const raw = this.db.prepare('SELECT doc FROM announcements WHERE id = ?').pluck().get(id) as
      string | undefined;
    return raw ? (JSON.parse(raw) as Announcement) : null;
  }

  /** A page, newest first; every word of the search must appear in title, address or trigram. */
  list(query: { search?: string; offset: number; size: number }): Announcement[] {
    const words = (query.search ?? '').toLocaleLowerCase('fr-FR').split(/\s+/).filter(Boolean);
    const where = words.map(() => "search LIKE ? ESCAPE '\\'");
    const params = words.map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const base = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const docs = this.db
      .prepare(
        `SELECT doc FROM announcements ${base} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .pluck()
      .all(...params, query.size, query.offset) as string[];
    return docs.map((doc) => JSON.parse(doc) as Announcement);
  }

  /** Seen and saved counters of one staff member, per day (for the dashboard's B2C chart). */
  activityOf(staffId: string): ActivityRow[] {
    return this.db
      .prepare(
        `SELECT staff_id AS staffId, trigram, day, seen, saved FROM announcement_activity
         WHERE staff_id = ? ORDER BY day`,
      )
      .all(staffId) as ActivityRow[];
  }
}
