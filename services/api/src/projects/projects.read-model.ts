import { Inject, Injectable } from '@nestjs/common';
import type Database from 'better-sqlite3';
import {
  activeAlertsAt,
  type Project,
  projectSignatures,
  type SignatureRequest,
} from '@reloc/domain';
import { READ_DB } from '../infrastructure/tokens';

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

@Injectable()
export class ProjectsReadModel {
  private readonly statements = new Map<string, Database.Statement>();

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
    const project = JSON.parse(raw) as Project & { deleted?: boolean };
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
    if (term && [...term].length >= 3) {
      // Substring of 3 characters or more: the trigram index finds the tiles.
      where.push('rowid IN (SELECT rowid FROM project_search WHERE project_search MATCH ?)');
      params.push(`"${term.replace(/"/g, '""')}"`);
    } else if (term) {
      // Trigrams need 3 characters: shorter ones scan the board, folded the same way.
      where.push("reloc_fold(search) LIKE ? ESCAPE '\\'");
      params.push(`%${foldText(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    }
    const base = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const counts = Object.fromEntries(
      (
        this.statement(
          `SELECT current_progress AS stage, COUNT(*) AS n FROM project_board ${base} GROUP BY current_progress`,
        ).all(...params) as { stage: string; n: number }[]
      ).map((row) => [row.stage, row.n]),
    ) as Record<string, number>;
    const byStage = query.progress && query.progress !== 'all';
    // The total is read from the counts rather than counted again.
    const total = byStage
      ? (counts[query.progress as string] ?? 0)
      : Object.values(counts).reduce((sum, n) => sum + n, 0);
    const pageWhere = byStage ? `${base ? `${base} AND` : 'WHERE'} current_progress = ?` : base;
    const pageParams = byStage ? [...params, query.progress] : params;
    const order = 'ORDER BY last_move DESC, id DESC';
    // A search sorts its matches on the order's columns alone, then reads the page's rows.
    const rows = this.statement(
      term
        ? `SELECT * FROM project_board WHERE rowid IN (
             SELECT rowid FROM project_board ${pageWhere} ${order} LIMIT ? OFFSET ?) ${order}`
        : `SELECT * FROM project_board ${pageWhere} ${order} LIMIT ? OFFSET ?`,
    ).all(...pageParams, query.size, query.offset) as TileRow[];
    return { leases: rows.map((row) => toTile(row, now)), total, counts };
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

  timeline(targetId: string) {
    const rows = this.db
      .prepare(
        'SELECT * FROM timeline WHERE target_id = ? AND hidden = 0 ORDER BY date DESC, rowid DESC',
      )
      .all(targetId) as {
      id: string;
      date: string;
      type: string;
      label: string;
      params: string;
      author: string | null;
      from_hil: number;
    }[];
    const items = rows.map((row) => ({
      _id: row.id,
      date: row.date,
      type: row.type,
      label: row.label,
      params: JSON.parse(row.params) as Record<string, unknown>,
      author: row.author,
      fromHiL: row.from_hil === 1,
    }));
    // 'Création' is always the last entry, whatever the clock said.
    const creation = items.findIndex((item) => item.type === 'CREATION');
    if (creation >= 0) items.push(...items.splice(creation, 1));
    return items;
  }

  timelineTarget(entryId: string): string | null {
    return (
      (this.db.prepare('SELECT target_id FROM timeline WHERE id = ?').pluck().get(entryId) as
        string | undefined) ?? null
    );
  }
}
