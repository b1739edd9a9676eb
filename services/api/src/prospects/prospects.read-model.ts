import { Inject, Injectable } from '@nestjs/common';
import type Database from 'better-sqlite3';
import { LinkedFile, Prospect, PROSPECT_TYPES } from '@reloc/domain';
import { READ_DB } from '../infrastructure/tokens';
import { parseProjectDoc } from '../projects/project-doc';
import type { TimelineItem } from '../projects/project-timeline';
import { foldText } from './prospects.projection';

export type ProspectFilter = 'active' | 'abandoned' | 'stopped' | 'all';

/** The words of a search box, each to be found somewhere (at most 10 are kept). */
function searchWords(input: string | undefined): string[] {
  return foldText(input ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 10);
}

const like = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

@Injectable()
export class ProspectsReadModel {
  constructor(@Inject(READ_DB) private readonly db: Database.Database) {}

  findById(id: string): Prospect | null {
    const raw = this.db.prepare('SELECT doc FROM prospects WHERE id = ?').pluck().get(id) as
      string | undefined;
    return raw ? (JSON.parse(raw) as Prospect) : null;
  }

  /** The prospect whose company link uses this shortid (shortids are stored lower case). */
  findIdByShortid(shortid: string): string | null {
    const id = this.db
      .prepare("SELECT id FROM prospects WHERE json_extract(doc, '$.shortid') = ? LIMIT 1")
      .pluck()
      .get(shortid.toLowerCase()) as string | undefined;
    return id ?? null;
  }

  /** The board: every prospect matching the search and filter, last moved first. */
  search(query: { search?: string; filter: ProspectFilter }): Prospect[] {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.filter === 'active') where.push('stopped = 0');
    if (query.filter === 'abandoned' || query.filter === 'stopped') where.push('stopped = 1');
    for (const word of searchWords(query.search)) {
      where.push("search LIKE ? ESCAPE '\\'");
      params.push(like(word));
    }
    const base = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const docs = this.db
      .prepare(`SELECT doc FROM prospects ${base} ORDER BY last_move DESC, id DESC`)
      .pluck()
      .all(...params) as string[];
    return docs.map((doc) => JSON.parse(doc) as Prospect);
  }

  tags(): string[] {
    const rows = this.db.prepare('SELECT tags FROM prospects').pluck().all() as string[];
    const tags = new Set<string>();
    for (const row of rows) for (const tag of JSON.parse(row) as string[]) tags.add(tag);
    return [...tags].sort((a, b) => a.localeCompare(b, 'fr'));
  }

  /** Companies (type entreprise) or prescribers (schools, recruiters, CCI, local bodies…). */
  autocomplete(type: 'entreprise' | 'prescripteur', search?: string) {
    const types =
      type === 'entreprise' ? ['entreprise'] : PROSPECT_TYPES.filter((t) => t !== 'entreprise');
    const where = [`type IN (${types.map(() => '?').join(', ')})`];
    const params: unknown[] = [...types];
    for (const word of searchWords(search)) {
      where.push("search LIKE ? ESCAPE '\\'");
      params.push(like(word));
    }
    return this.db
      .prepare(`SELECT id AS _id, name FROM prospects WHERE ${where.join(' AND ')} ORDER BY name`)
      .all(...params) as { _id: string; name: string }[];
  }

  /** The client files linked to one prospect (their companyId), with their stage dates. */
  linkedFiles(prospectId: string): LinkedFile[] {
    const docs = this.db
      .prepare(
        `SELECT d.doc FROM project_board b JOIN project_docs d ON d.id = b.id
         WHERE b.company_id = ?`,
      )
      .pluck()
      .all(prospectId) as string[];
    return docs
      .map((doc) => parseProjectDoc(doc) as unknown as Record<string, unknown>)
      .filter((doc) => !doc.deleted)
      .map((doc) => ({
        createdAt: typeof doc.createdAt === 'string' ? doc.createdAt : '',
        currentProgress: typeof doc.currentProgress === 'string' ? doc.currentProgress : '',
        progress: (doc.progress ?? {}) as Record<string, string>,
      }));
  }

  /** The linked client files of every prospect, for the board's theoretical status. */
  linkedFilesByProspect(): Map<string, LinkedFile[]> {
    const rows = this.db
      .prepare(
        `SELECT company_id, created_at, current_progress FROM project_board
         WHERE company_id IN (SELECT id FROM prospects)`,
      )
      .all() as { company_id: string; created_at: string; current_progress: string }[];
    const byProspect = new Map<string, LinkedFile[]>();
    for (const row of rows) {
      const list = byProspect.get(row.company_id) ?? [];
      list.push({ createdAt: row.created_at, currentProgress: row.current_progress });
      byProspect.set(row.company_id, list);
    }
    return byProspect;
  }

  timeline(prospectId: string): TimelineItem[] {
    const rows = this.db
      .prepare('SELECT * FROM prospect_timeline WHERE target_id = ? ORDER BY date DESC, rowid DESC')
      .all(prospectId) as {
      id: string;
      date: string;
      type: string;
      label: string;
      params: string;
      author: string | null;
    }[];
    const items = rows.map((row) => ({
      _id: row.id,
      date: row.date,
      type: row.type,
      label: row.label,
      params: JSON.parse(row.params) as Record<string, unknown>,
      author: row.author,
      fromHiL: true,
    }));
    // 'Création' is always the last entry, whatever the clock said.
    const creation = items.findIndex((item) => item.type === 'CREATION');
    if (creation >= 0) items.push(...items.splice(creation, 1));
    return items;
  }
}
