import type Database from 'better-sqlite3';
import type { CommentTarget, Prospect } from '@reloc/domain';

/**
 * Looks up what a comment is about, in the read models: a live project, prospect or
 * announcement; null for anything else (another kind of record, a deleted one, no record).
 */
export class CommentTargets {
  constructor(private readonly db: Database.Database) {}

  find(id: string): CommentTarget | null {
    const doc = (table: string) => {
      const raw = this.db.prepare(`SELECT doc FROM ${table} WHERE id = ?`).pluck().get(id) as
        string | undefined;
      const parsed = raw ? (JSON.parse(raw) as { deleted?: boolean }) : null;
      return parsed && !parsed.deleted ? parsed : null;
    };
    if (doc('project_docs')) return { kind: 'project' };
    const prospect = doc('prospects') as Prospect | null;
    if (prospect) return { kind: 'prospect', prospect };
    if (doc('announcements')) return { kind: 'announcement' };
    return null;
  }
}
