import { Inject, Injectable } from '@nestjs/common';
import type Database from 'better-sqlite3';
import type { Proposal } from '@reloc/domain';
import { READ_DB } from '../infrastructure/tokens';

@Injectable()
export class ProposalsReadModel {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(@Inject(READ_DB) private readonly db: Database.Database) {}

  private statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql).pluck();
      this.statements.set(sql, statement);
    }
    return statement;
  }

  findByPair(projectId: string, hostId: string): Proposal | null {
    const raw = this.statement(
      'SELECT doc FROM proposals WHERE project_id = ? AND host_id = ?',
    ).get(projectId, hostId) as string | undefined;
    return raw ? (JSON.parse(raw) as Proposal) : null;
  }

  /** A file's proposals, by position then proposed date. */
  byProject(projectId: string): Proposal[] {
    const docs = this.statement(
      `SELECT doc FROM proposals WHERE project_id = ?
       ORDER BY position, proposed_date, id`,
    ).all(projectId) as string[];
    return docs.map((doc) => JSON.parse(doc) as Proposal);
  }

  /** A host's proposals, newest first. */
  byHost(hostId: string): Proposal[] {
    const docs = this.statement(
      'SELECT doc FROM proposals WHERE host_id = ? ORDER BY proposed_date DESC, id DESC',
    ).all(hostId) as string[];
    return docs.map((doc) => JSON.parse(doc) as Proposal);
  }
}
