import { Inject, Injectable } from '@nestjs/common';
import type Database from 'better-sqlite3';
import type { ActivityRow, StatRow } from '@reloc/domain';
import { READ_DB } from '../infrastructure/tokens';

/** Whose files and over which instants: `trigram` null means every file. */
export type DashboardFilter = { trigram: string | null; start: string; end: string };

const OWN = `project_id IN (SELECT project_id FROM dashboard_assignees WHERE trigram = ?)`;

/** Queries of the dashboard projection (and of the B2C activity counters). */
@Injectable()
export class DashboardReadModel {
  constructor(@Inject(READ_DB) private readonly db: Database.Database) {}

  private own(filter: DashboardFilter): { clause: string; params: string[] } {
    return filter.trigram
      ? { clause: `AND r.${OWN}`, params: [filter.trigram] }
      : { clause: '', params: [] };
  }

  /** Files reaching each status, per month of the fact. */
  stats(filter: DashboardFilter): StatRow[] {
    const own = this.own(filter);
    return this.db
      .prepare(
        `SELECT substr(r.at, 1, 7) AS month, r.status AS status, COUNT(*) AS count
         FROM dashboard_reached r WHERE r.at >= ? AND r.at <= ? ${own.clause}
         GROUP BY month, r.status`,
      )
      .all(filter.start, filter.end, ...own.params) as StatRow[];
  }

  /** Per month of creation, the files created and how many of them reached each status. */
  cohorts(filter: DashboardFilter): StatRow[] {
    const own = this.own(filter);
    return this.db
      .prepare(
        `SELECT substr(f.created_at, 1, 7) AS month, r.status AS status, COUNT(*) AS count
         FROM dashboard_files f JOIN dashboard_reached r ON r.project_id = f.project_id
         WHERE f.created_at >= ? AND f.created_at <= ? ${own.clause}
         GROUP BY month, r.status`,
      )
      .all(filter.start, filter.end, ...own.params) as StatRow[];
  }

  /** The files behind one bar, by company. */
  focus(
    filter: DashboardFilter,
    month: string,
    status: string,
  ): { company: string | null; count: number }[] {
    const own = this.own(filter);
    return this.db
      .prepare(
        `SELECT f.company AS company, COUNT(*) AS count
         FROM dashboard_reached r JOIN dashboard_files f ON f.project_id = r.project_id
         WHERE r.status = ? AND substr(r.at, 1, 7) = ? AND r.at >= ? AND r.at <= ? ${own.clause}
         GROUP BY f.company`,
      )
      .all(status, month, filter.start, filter.end, ...own.params) as {
      company: string | null;
      count: number;
    }[];
  }

  /** Seen and saved announcements per staff member and day (`announcement_activity`). */
  activity(filter: { staffId: string | null; start: string; end: string }): ActivityRow[] {
    const own = filter.staffId ? 'AND staff_id = ?' : '';
    return this.db
      .prepare(
        `SELECT day, trigram, seen, saved FROM announcement_activity
         WHERE day >= ? AND day <= ? ${own} ORDER BY day`,
      )
      .all(
        filter.start.slice(0, 10),
        filter.end.slice(0, 10),
        ...(filter.staffId ? [filter.staffId] : []),
      ) as ActivityRow[];
  }
}
