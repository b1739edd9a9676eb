import { Inject, Injectable } from '@nestjs/common';
import type Database from 'better-sqlite3';
import { ASSIGNEE_ROLES, PROSPECT_ROLES, prospectStageLabel, stageLabel } from '@reloc/domain';
import { READ_DB } from '../infrastructure/tokens';

/** Trigram slots of a file (the prescriber is a company id, never a member of staff). */
export const PROJECT_STAFF_ROLES = ASSIGNEE_ROLES.filter((role) => role !== 'prescriptor');

export type StaffFile = {
  kind: 'project' | 'prospect';
  _id: string;
  name: string;
  currentProgress: string;
  assignees: Record<string, string | null>;
};

export type InactiveStaffRow = {
  trigram: string;
  firstName: string;
  lastName: string;
  email: string;
  /** The deactivated member's role (OPERATOR, SALE…). */
  userRole: string;
  /** The slot they still hold on the file (lead, sale, dispatcher, reloc, alsender). */
  role: string;
  kind: 'project' | 'prospect';
  _id: string;
  name: string;
  currentProgress: string;
  stageLabel: string;
  href: string;
};

const likeTrigram = (trigram: string) => `%"${trigram}"%`;

/** Which files (projects and prospects) a member of staff is assigned to, read from the boards. */
@Injectable()
export class StaffFilesReadModel {
  constructor(@Inject(READ_DB) private readonly db: Database.Database) {}

  private hasTable(name: string): boolean {
    return !!this.db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
      .get(name);
  }

  projectsOf(trigram: string): StaffFile[] {
    if (!this.hasTable('project_board')) return [];
    const rows = this.db
      .prepare(
        `SELECT id, first_name, last_name, current_progress, assignees FROM project_board
         WHERE assignees LIKE ? ORDER BY id`,
      )
      .all(likeTrigram(trigram)) as {
      id: string;
      first_name: string | null;
      last_name: string | null;
      current_progress: string;
      assignees: string;
    }[];
    return rows
      .map((row) => ({
        kind: 'project' as const,
        _id: row.id,
        name: [row.first_name, row.last_name].filter(Boolean).join(' ') || row.id,
        currentProgress: row.current_progress,
        assignees: JSON.parse(row.assignees) as Record<string, string | null>,
      }))
      .filter((file) => PROJECT_STAFF_ROLES.some((role) => file.assignees[role] === trigram));
  }

  prospectsOf(trigram: string): StaffFile[] {
    if (!this.hasTable('prospects')) return [];
    const rows = this.db
      .prepare(
        `SELECT id, name, current_progress, json_extract(doc, '$.assignees') AS assignees
         FROM prospects WHERE json_extract(doc, '$.assignees') LIKE ? ORDER BY id`,
      )
      .all(likeTrigram(trigram)) as {
      id: string;
      name: string;
      current_progress: string;
      assignees: string | null;
    }[];
    return rows
      .map((row) => ({
        kind: 'prospect' as const,
        _id: row.id,
        name: row.name,
        currentProgress: row.current_progress,
        assignees: JSON.parse(row.assignees ?? '{}') as Record<string, string | null>,
      }))
      .filter((file) => PROSPECT_ROLES.some((role) => file.assignees[role] === trigram));
  }

  /** How many project files each trigram holds a slot on (the users list's projectsCount). */
  projectCounts(): Map<string, number> {
    if (!this.hasTable('project_board')) return new Map();
    const rows = this.db
      .prepare(
        `SELECT j.value AS trigram, COUNT(DISTINCT b.id) AS n
         FROM project_board b, json_each(b.assignees) j
         WHERE j.key != 'prescriptor' AND j.value IS NOT NULL GROUP BY j.value`,
      )
      .all() as { trigram: string; n: number }[];
    return new Map(rows.map((row) => [row.trigram, row.n]));
  }

  /** Every slot still held by a deactivated member of staff, by trigram then file. */
  inactiveStaff(): InactiveStaffRow[] {
    const members = this.db
      .prepare(
        `SELECT trigram, first_name, last_name, email, role FROM users
         WHERE is_deactivated = 1 AND trigram IS NOT NULL ORDER BY trigram`,
      )
      .all() as {
      trigram: string;
      first_name: string;
      last_name: string;
      email: string;
      role: string;
    }[];
    const out: InactiveStaffRow[] = [];
    for (const member of members) {
      const files = [...this.projectsOf(member.trigram), ...this.prospectsOf(member.trigram)];
      for (const file of files) {
        const roles = file.kind === 'project' ? PROJECT_STAFF_ROLES : PROSPECT_ROLES;
        for (const role of roles) {
          if (file.assignees[role] !== member.trigram) continue;
          out.push({
            trigram: member.trigram,
            firstName: member.first_name,
            lastName: member.last_name,
            email: member.email,
            userRole: member.role,
            role,
            kind: file.kind,
            _id: file._id,
            name: file.name,
            currentProgress: file.currentProgress,
            stageLabel:
              file.kind === 'project'
                ? stageLabel(file.currentProgress)
                : prospectStageLabel(file.currentProgress),
            href: `/${file.kind}/${file._id}`,
          });
        }
      }
    }
    return out;
  }
}
