import { Inject, Injectable } from '@nestjs/common';
import type Database from 'better-sqlite3';
import type { ProjectDocuments } from '@reloc/domain';
import { READ_DB } from '../infrastructure/tokens';

@Injectable()
export class DocumentsReadModel {
  private statement: Database.Statement | null = null;

  constructor(@Inject(READ_DB) private readonly db: Database.Database) {}

  /** A project's documents as projected, or null before they were first opened. */
  find(projectId: string): ProjectDocuments | null {
    this.statement ??= this.db.prepare('SELECT doc FROM documents WHERE project_id = ?').pluck();
    const raw = this.statement.get(projectId) as string | undefined;
    return raw ? (JSON.parse(raw) as ProjectDocuments) : null;
  }
}
