import { Inject, Injectable } from '@nestjs/common';
import type Database from 'better-sqlite3';
import {
  BillingLineStep,
  BillingOverrides,
  BillingVisit,
  forecastLines,
  REWARD_ROLES,
  RewardCategory,
  RewardGrid,
  Rewards,
  VisitAuthor,
  visitsByAssignee,
} from '@reloc/domain';
import { READ_DB } from '../infrastructure/tokens';

/** A file's line in an entry (amount in integer cents). */
export type BillingProjectDto = {
  _id: string;
  lineId: string | null;
  firstName: string | null;
  lastName: string | null;
  step: BillingLineStep;
  amount: number;
  roles: RewardCategory[];
};

/** §3 "Billing entry". Amounts in integer cents; date = first day of its month. */
export type BillingEntryDto = {
  _id: string;
  actor: string;
  actorId: string;
  trigram: string | null;
  firstName: string | null;
  lastName: string | null;
  month: string;
  date: string;
  total: number;
  custom: number;
  confirmed: boolean;
  confirmedAt: string | null;
  projects: BillingProjectDto[];
};

export type OutstandingDto = {
  _id: string;
  trigram: string | null;
  firstName: string | null;
  lastName: string | null;
  /** Unconfirmed lines (sentToAL and paid). */
  due: number;
  /** The custom adjustment of the next settlement. */
  custom: number;
  /** Visits of files not yet at sentToAL, at 30 € each. */
  forecast: number;
  total: number;
  projects: BillingProjectDto[];
};

export type BillingListParams = {
  skipZero: boolean;
  from: string;
  to: string;
  page: number;
  pageSize: number;
  sortBy: 'date' | 'actor' | 'total' | 'custom' | 'confirmed';
  sortDirection: 'asc' | 'desc';
  filter: string;
  id: string | null;
};

type EntryRow = {
  id: string;
  user_id: string;
  month: string;
  date: string;
  total: number;
  custom: number;
  confirmed: number;
  confirmed_at: string | null;
  trigram: string | null;
  first_name: string | null;
  last_name: string | null;
};

const SORT_COLUMNS: Record<BillingListParams['sortBy'], string> = {
  date: 'e.date',
  actor: "coalesce(u.trigram, u.last_name, '')",
  total: 'e.total',
  custom: 'e.custom',
  confirmed: 'e.confirmed',
};

const ENTRY_SELECT = `SELECT e.id, e.user_id, e.month, e.date, e.total, e.custom, e.confirmed, e.confirmed_at,
  u.trigram, u.first_name, u.last_name
  FROM billing_entries e LEFT JOIN billing_users u ON u.id = e.user_id`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

@Injectable()
export class BillingReadModel {
  constructor(@Inject(READ_DB) private readonly db: Database.Database) {}

  private linesOf(entryIds: string[]): Map<string, BillingProjectDto[]> {
    const out = new Map<string, BillingProjectDto[]>();
    if (!entryIds.length) return out;
    const rows = this.db
      .prepare(
        `SELECT l.id, l.entry_id, l.project_id, l.step, l.amount, l.roles, p.first_name, p.last_name
         FROM billing_lines l LEFT JOIN billing_projects p ON p.id = l.project_id
         WHERE l.entry_id IN (SELECT value FROM json_each(?)) ORDER BY l.at, l.id`,
      )
      .all(JSON.stringify(entryIds)) as {
      id: string;
      entry_id: string;
      project_id: string;
      step: BillingLineStep;
      amount: number;
      roles: string;
      first_name: string | null;
      last_name: string | null;
    }[];
    for (const row of rows) {
      const list = out.get(row.entry_id) ?? [];
      list.push({
        _id: row.project_id,
        lineId: row.id,
        firstName: row.first_name,
        lastName: row.last_name,
        step: row.step,
        amount: row.amount,
        roles: JSON.parse(row.roles) as RewardCategory[],
      });
      out.set(row.entry_id, list);
    }
    return out;
  }

  private toDtos(rows: EntryRow[]): BillingEntryDto[] {
    const lines = this.linesOf(rows.map((r) => r.id));
    return rows.map((row) => ({
      _id: row.id,
      actor:
        row.trigram ?? [row.first_name, row.last_name].filter(Boolean).join(' ') ?? row.user_id,
      actorId: row.user_id,
      trigram: row.trigram,
      firstName: row.first_name,
      lastName: row.last_name,
      month: row.month,
      date: row.date,
      total: row.total,
      custom: row.custom,
      confirmed: row.confirmed === 1,
      confirmedAt: row.confirmed_at,
      projects: lines.get(row.id) ?? [],
    }));
  }

  findById(id: string): BillingEntryDto | null {
    const row = this.db.prepare(`${ENTRY_SELECT} WHERE e.id = ?`).get(id) as EntryRow | undefined;
    return row ? this.toDtos([row])[0] : null;
  }

  private where(params: Omit<BillingListParams, 'page' | 'pageSize' | 'sortBy' | 'sortDirection'>) {
    const clauses = ['e.month >= ?', 'e.month <= ?'];
    const args: unknown[] = [params.from, params.to];
    if (params.skipZero) clauses.push('e.total != 0');
    if (params.id) {
      clauses.push(
        '(e.id = ? OR e.user_id = ? OR EXISTS (SELECT 1 FROM billing_lines l WHERE l.entry_id = e.id AND l.project_id = ?))',
      );
      args.push(params.id, params.id, params.id);
    }
    const filter = params.filter.trim().toLowerCase();
    if (filter) {
      const like = `%${escapeLike(filter)}%`;
      clauses.push(
        `(lower(coalesce(u.trigram, '') || ' ' || coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) LIKE ? ESCAPE '\\'
          OR EXISTS (SELECT 1 FROM billing_lines l JOIN billing_projects p ON p.id = l.project_id
            WHERE l.entry_id = e.id AND lower(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')) LIKE ? ESCAPE '\\'))`,
      );
      args.push(like, like);
    }
    return { sql: clauses.join(' AND '), args };
  }

  /** GET /billing: the reviewer's page of entries and the count matching. */
  list(params: BillingListParams): { billings: BillingEntryDto[]; total: number } {
    const { sql, args } = this.where(params);
    const total = this.db
      .prepare(
        `SELECT count(*) FROM billing_entries e LEFT JOIN billing_users u ON u.id = e.user_id WHERE ${sql}`,
      )
      .pluck()
      .get(...args) as number;
    const direction = params.sortDirection === 'asc' ? 'ASC' : 'DESC';
    const rows = this.db
      .prepare(
        `${ENTRY_SELECT} WHERE ${sql} ORDER BY ${SORT_COLUMNS[params.sortBy]} ${direction}, e.id ${direction} LIMIT ? OFFSET ?`,
      )
      .all(...args, params.pageSize, params.page * params.pageSize) as EntryRow[];
    return { billings: this.toDtos(rows), total };
  }

  /** Every entry matching (the report). */
  all(params: BillingListParams): BillingEntryDto[] {
    const { sql, args } = this.where(params);
    const rows = this.db
      .prepare(
        `${ENTRY_SELECT} WHERE ${sql} ORDER BY e.date DESC, actor_key, e.id`.replace(
          'actor_key',
          SORT_COLUMNS.actor,
        ),
      )
      .all(...args) as EntryRow[];
    return this.toDtos(rows);
  }

  /** Forecast lines (visits × 30 €) of files not yet at sentToAL, per user id. */
  private forecasts(): Map<string, BillingProjectDto[]> {
    const projects = this.db
      .prepare(
        `SELECT id, first_name, last_name, assignees, overrides FROM billing_projects
         WHERE deleted = 0 AND stopped = 0 AND json_extract(reached, '$.sentToAL') IS NULL
           AND id IN (SELECT project_id FROM billing_visits WHERE cancelled = 0 AND date_visite IS NOT NULL)`,
      )
      .all() as {
      id: string;
      first_name: string | null;
      last_name: string | null;
      assignees: string;
      overrides: string;
    }[];
    const visitsOf = this.db.prepare(
      'SELECT date_visite AS dateVisite, author, cancelled FROM billing_visits WHERE project_id = ?',
    );
    const userOf = this.db
      .prepare('SELECT id FROM billing_users WHERE trigram = ? ORDER BY id LIMIT 1')
      .pluck();
    const rewardsOf = this.db.prepare('SELECT rewards FROM billing_users WHERE id = ?').pluck();
    const grids = new Map<string, Partial<RewardGrid> | undefined>();
    const gridOf = (userId: string) => {
      if (!grids.has(userId)) {
        const raw = rewardsOf.get(userId) as string | undefined;
        grids.set(userId, raw ? (JSON.parse(raw) as Partial<Rewards>).sentToAL : undefined);
      }
      return grids.get(userId);
    };
    const out = new Map<string, BillingProjectDto[]>();
    for (const project of projects) {
      const trigrams = JSON.parse(project.assignees) as Record<string, string | null>;
      const assignees: Record<string, string | null> = {};
      for (const role of REWARD_ROLES)
        assignees[role] = trigrams[role] ? ((userOf.get(trigrams[role]) as string) ?? null) : null;
      const visits = (
        visitsOf.all(project.id) as {
          dateVisite: string | null;
          author: VisitAuthor | null;
          cancelled: number;
        }[]
      ).map((v): BillingVisit => ({ ...v, cancelled: v.cancelled === 1 }));
      const byAssignee = visitsByAssignee(visits, assignees);
      const rewards = Object.fromEntries(Object.keys(byAssignee).map((id) => [id, gridOf(id)]));
      const overrides = JSON.parse(project.overrides) as BillingOverrides;
      for (const line of forecastLines(byAssignee, rewards, overrides)) {
        const list = out.get(line.actor) ?? [];
        list.push({
          _id: project.id,
          lineId: null,
          firstName: project.first_name,
          lastName: project.last_name,
          step: 'forecast',
          amount: line.amount,
          roles: line.roles,
        });
        out.set(line.actor, list);
      }
    }
    return out;
  }

  /** What each user would get now: open entries, the custom adjustment and the forecasts. */
  outstanding(userId?: string): OutstandingDto[] {
    const users = this.db
      .prepare(
        `SELECT id, trigram, first_name, last_name, pending_custom FROM billing_users
         ${userId ? 'WHERE id = ?' : ''} ORDER BY coalesce(trigram, last_name), id`,
      )
      .all(...(userId ? [userId] : [])) as {
      id: string;
      trigram: string | null;
      first_name: string | null;
      last_name: string | null;
      pending_custom: number;
    }[];
    const openRows = this.db
      .prepare(
        `${ENTRY_SELECT} WHERE e.confirmed = 0 ${userId ? 'AND e.user_id = ?' : ''} ORDER BY e.date DESC, e.id`,
      )
      .all(...(userId ? [userId] : [])) as EntryRow[];
    const open = this.toDtos(openRows);
    const forecasts = this.forecasts();
    const out: OutstandingDto[] = [];
    for (const user of users) {
      const entries = open.filter((e) => e.actorId === user.id);
      const lines = entries.flatMap((e) => e.projects);
      const forecast = forecasts.get(user.id) ?? [];
      const due = lines.reduce((sum, l) => sum + l.amount, 0);
      const forecastTotal = forecast.reduce((sum, l) => sum + l.amount, 0);
      const custom = user.pending_custom;
      if (!userId && !lines.length && !forecast.length && !custom) continue;
      out.push({
        _id: user.id,
        trigram: user.trigram,
        firstName: user.first_name,
        lastName: user.last_name,
        due,
        custom,
        forecast: forecastTotal,
        total: due + custom + forecastTotal,
        projects: [...lines, ...forecast],
      });
    }
    return out;
  }

  /** Confirmed entries of a user, by month (months YYYY-MM, inclusive), latest first. */
  history(userId: string, from: string, to: string) {
    const rows = this.db
      .prepare(
        `${ENTRY_SELECT} WHERE e.user_id = ? AND e.confirmed = 1 AND e.month >= ? AND e.month <= ?
         ORDER BY e.month DESC, e.seq DESC`,
      )
      .all(userId, from, to) as EntryRow[];
    const months: { month: string; total: number; billings: BillingEntryDto[] }[] = [];
    for (const entry of this.toDtos(rows)) {
      let month = months.find((m) => m.month === entry.month);
      if (!month) {
        month = { month: entry.month, total: 0, billings: [] };
        months.push(month);
      }
      month.total += entry.total;
      month.billings.push(entry);
    }
    return months;
  }

  /** Every entry's figures (the replay check and audits): id → [total, custom, confirmed]. */
  figures(): Record<string, [number, number, boolean]> {
    const rows = this.db
      .prepare('SELECT id, total, custom, confirmed FROM billing_entries ORDER BY id')
      .all() as { id: string; total: number; custom: number; confirmed: number }[];
    return Object.fromEntries(rows.map((r) => [r.id, [r.total, r.custom, r.confirmed === 1]]));
  }
}
