import { Inject, Injectable } from '@nestjs/common';
import type Database from 'better-sqlite3';
import {
  activeAlertsAt,
  type Project,
  projectSignatures,
  type SignatureRequest,
} from '@reloc/domain';
import { READ_DB } from '../infrastructure/tokens';
import { parseProjectDoc } from './project-doc';

export type BoardFilter = 'active' | 'alerts' | 'stopped' | 'all';

export type BoardQuery = {
  offset: number;
  size: number;
  filter: BoardFilter;
  year?: number;
  progress?: string;
  search?: string;
};

type TileRow = {
  id: string;
  first_name: string;
  last_name: string;
  user_id: string;
  phone: string;
  company: string;
  company_id: string | null;
  current_progress: string;
  stopped: number;
  tags: string;
  assignees: string;
  alerts: string;
  alerts_skipped: string;
  created_at: string;
  last_move: string | null;
  date_move: string | null;
};

function toTile(row: TileRow, now: string) {
  return {
    _id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    userId: row.user_id,
    phoneNumber: row.phone,
    company: row.company,
    companyId: row.company_id,
    currentProgress: row.current_progress,
    stopped: row.stopped === 1,
    tags: JSON.parse(row.tags) as string[],
    assignees: JSON.parse(row.assignees) as Record<string, string | null>,
    activeAlerts: activeAlertsAt(
      {
        alerts: JSON.parse(row.alerts) as Record<string, string>,
        alertsSkipped: JSON.parse(row.alerts_skipped) as Record<string, string>,
      },
      now,
    ),
    createdAt: row.created_at,
    lastMove: row.last_move,
    dateMove: row.date_move,
  };
}

/** Lower case without accents: what the trigram index compares (remove_diacritics). */
export function foldText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** The total of the board's query: its column's count, or all counts added up. */
function totalOf(counts: Record<string, number>, query: BoardQuery): number {
  return query.progress && query.progress !== 'all'
    ? (counts[query.progress] ?? 0)
    : Object.values(counts).reduce((sum, n) => sum + n, 0);
}

@Injectable()
export class ProjectsReadModel {
  private readonly statements = new Map<string, Database.Statement>();
  /** How a search reads its matches: chosen per query ('auto'), or forced (tests compare them). */
  searchPlan: 'auto' | 'walk' | 'lookup' = 'auto';

  constructor(@Inject(READ_DB) private readonly db: Database.Database) {
    db.function('reloc_fold', { deterministic: true }, (value: unknown) =>
      typeof value === 'string' ? foldText(value) : value,
    );
  }

  /** The board's queries take a few shapes: each is prepared once. */
  private statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  findById(id: string): Project | null {
    const raw = this.db.prepare('SELECT doc FROM project_docs WHERE id = ?').pluck().get(id) as
      string | undefined;
    if (!raw) return null;
    const project = parseProjectDoc(raw);
    if (project.deleted) return null;
    // The record's signatures are the signature read model's requests (issue 15).
    return { ...project, signatures: this.signaturesOf(id) as Project['signatures'] };
  }

  /** The project's signature requests, as `signatures` of its record. */
  signaturesOf(projectId: string) {
    const table = this.db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'signature_requests'")
      .get();
    if (!table) return [];
    const docs = this.db
      .prepare('SELECT doc FROM signature_requests WHERE project_id = ?')
      .pluck()
      .all(projectId) as string[];
    return projectSignatures(docs.map((doc) => JSON.parse(doc) as SignatureRequest));
  }

  /** The board: filtered tiles, newest movement first, and the count per stage. */
  board(query: BoardQuery) {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.filter === 'active') where.push('stopped = 0');
    if (query.filter === 'stopped') where.push('stopped = 1');
    const now = new Date().toISOString();
    if (query.filter === 'alerts') {
      // An alert counts unless lifted until after now (by its name, or all of them).
      where.push(`stopped = 0 AND has_alert = 1 AND EXISTS (
        SELECT 1 FROM json_each(project_board.alerts) AS alert
        WHERE coalesce(json_extract(project_board.alerts_skipped, '$."' || alert.key || '"'), '') <= ?
          AND coalesce(json_extract(project_board.alerts_skipped, '$.all'), '') <= ?)`);
      params.push(now, now);
    }
    if (query.year) {
      where.push('year = ?');
      params.push(query.year);
    }
    const term = query.search?.trim().toLowerCase();
    const byStage = query.progress && query.progress !== 'all';
    const order = 'ORDER BY last_move DESC, id DESC';
    if (term) return this.search(query, term, where, params, now);
    const base = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const counts = this.countsOf(
      `SELECT current_progress AS stage, COUNT(*) AS n FROM project_board ${base} GROUP BY current_progress`,
      params,
    );
    // The total is read from the counts rather than counted again.
    const total = totalOf(counts, query);
    const pageWhere = byStage ? `${base ? `${base} AND` : 'WHERE'} current_progress = ?` : base;
    const pageParams = byStage ? [...params, query.progress] : params;
    const rows = this.statement(
      `SELECT * FROM project_board ${pageWhere} ${order} LIMIT ? OFFSET ?`,
    ).all(...pageParams, query.size, query.offset) as TileRow[];
    return { leases: rows.map((row) => toTile(row, now)), total, counts };
  }

  private countsOf(sql: string, params: unknown[]): Record<string, number> {
    return Object.fromEntries(
      (this.statement(sql).all(...params) as { stage: string; n: number }[]).map((row) => [
        row.stage,
        row.n,
      ]),
    ) as Record<string, number>;
  }

  /**
   * The rowids of the tiles whose folded text holds the term, read once: 3 characters or more
   * from the trigram index, shorter ones by scanning the board folded the same way.
   */
  private matches(term: string): number[] {
    if ([...term].length >= 3)
      return this.statement('SELECT rowid FROM project_search WHERE project_search MATCH ?')
        .pluck()
        .all(`"${term.replace(/"/g, '""')}"`) as number[];
    // A text of ASCII alone (as many bytes as characters) is its own fold to LIKE, which ignores
    // ASCII case: only the others go through reloc_fold (a call into JS per row).
    return this.statement(
      `SELECT rowid FROM project_board
       WHERE (CASE WHEN length(search) = octet_length(search) THEN search ELSE reloc_fold(search) END)
         LIKE ? ESCAPE '\\'`,
    )
      .pluck()
      .all(`%${foldText(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`) as number[];
  }

  /**
   * A search: its matches read once, then the counts and the page restricted to them. Few
   * matches: each is looked up by rowid (the matches drive the join); many: the board's own
   * index for the filter and order is walked as without a search (`+rowid` keeps the planner
   * off the rowid), keeping the entries whose rowid is a match, so the first page stops once it
   * holds its tiles. Both give the same rows (test/board-search.spec.ts); only the cost differs.
   */
  private search(query: BoardQuery, term: string, where: string[], params: unknown[], now: string) {
    const matches = this.matches(term);
    if (!matches.length) return { leases: [], total: 0, counts: {} };
    const hits = JSON.stringify(matches);
    const plan = this.searchPlan === 'auto' ? this.planSearch(matches.length, query) : null;
    const walkCounts = plan ? plan.walkCounts : this.searchPlan === 'walk';
    const walkPage = plan ? plan.walkPage : this.searchPlan === 'walk';
    const member = 'project_board.rowid IN (SELECT value FROM json_each(?))';
    // The matches first, each looked up (CROSS JOIN keeps that order); or the board's index.
    const driven = `(SELECT value AS hit FROM json_each(?)) AS matches
      CROSS JOIN project_board ON project_board.rowid = matches.hit`;
    const whereOf = (clauses: string[]) => (clauses.length ? `WHERE ${clauses.join(' AND ')}` : '');
    const counts = this.countsOf(
      walkCounts
        ? `SELECT current_progress AS stage, COUNT(*) AS n FROM project_board
           ${whereOf([...where, `+${member}`])} GROUP BY current_progress`
        : `SELECT current_progress AS stage, COUNT(*) AS n FROM ${driven}
           ${whereOf(where)} GROUP BY current_progress`,
      walkCounts ? [...params, hits] : [hits, ...params],
    );
    const total = totalOf(counts, query);
    const byStage = query.progress && query.progress !== 'all';
    const pageWhere = byStage ? [...where, 'current_progress = ?'] : where;
    const pageParams = byStage ? [...params, query.progress] : params;
    const order = 'ORDER BY last_move DESC, id DESC';
    const rows = (
      walkPage
        ? this.statement(
            `SELECT * FROM project_board ${whereOf([...pageWhere, `+${member}`])} ${order} LIMIT ? OFFSET ?`,
          ).all(...pageParams, hits, query.size, query.offset)
        : // The matches sorted on the order's columns alone, then the page's rows read.
          this.statement(
            `SELECT * FROM project_board WHERE rowid IN (
               SELECT project_board.rowid FROM ${driven} ${whereOf(pageWhere)} ${order} LIMIT ? OFFSET ?)
             ${order}`,
          ).all(hits, ...pageParams, query.size, query.offset)
    ) as TileRow[];
    return { leases: rows.map((row) => toTile(row, now)), total, counts };
  }

  /**
   * Which way each statement of a search goes, from the number of matches and the board's size
   * (its largest rowid, read in one step): a lookup costs about as much as reading 16 index
   * entries for the counts, 28 for the page, whose walk stops after the page's last tile.
   */
  planSearch(matches: number, query: Pick<BoardQuery, 'offset' | 'size'>) {
    const board = Math.max(
      1,
      Number(this.statement('SELECT max(rowid) FROM project_board').pluck().get() ?? 0),
    );
    const walked = Math.min(board, ((query.offset + query.size) * board) / matches);
    return { walkCounts: matches * 16 > board, walkPage: matches * 28 > walked };
  }

  tags(): string[] {
    const rows = this.db
      .prepare(
        "SELECT DISTINCT value FROM project_board, json_each(project_board.tags) WHERE value != '' ORDER BY value COLLATE NOCASE",
      )
      .pluck()
      .all() as string[];
    return rows;
  }
}
