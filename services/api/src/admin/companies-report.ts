import { Inject, Injectable } from '@nestjs/common';
import type Database from 'better-sqlite3';
import { DomainError, prospectStageLabel } from '@reloc/domain';
import { READ_DB } from '../infrastructure/tokens';
import { parseProjectDoc } from '../projects/project-doc';
import { buildXlsx, Cell } from '../infrastructure/xlsx';

type Range = { start: Date; end: Date };

/** §7: startDate at the start of its day, endDate at its end; by default last year to now. */
export function companiesRange(startDate?: string, endDate?: string, now = new Date()): Range {
  const parse = (value: string, field: string) => {
    const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00` : value);
    if (Number.isNaN(date.getTime()))
      throw new DomainError('Requête invalide', 'invalid', { [field]: 'Date invalide' });
    return date;
  };
  const start = startDate
    ? parse(startDate, 'startDate')
    : new Date(now.getFullYear() - 1, now.getMonth(), now.getDate());
  start.setHours(0, 0, 0, 0);
  const end = endDate ? parse(endDate, 'endDate') : new Date(now);
  if (endDate) end.setHours(23, 59, 59, 999);
  if (start > end)
    throw new DomainError('La date de début doit précéder la date de fin', 'invalid', {
      startDate: 'Invalide',
    });
  return { start, end };
}

type FileRow = { company_id: string | null; company: string | null; doc: string };
type Counts = { created: number; sentToAL: number; paid: number; stopped: number; total: number };
const zero = (): Counts => ({ created: 0, sentToAL: 0, paid: 0, stopped: 0, total: 0 });

/**
 * GET /reports/companies (version 4): one row per company prospect with its files counted
 * over the range (created, sent to Action Logement, paid, abandoned), then the files whose
 * company is not a prospect, grouped by the company name typed on the file.
 */
@Injectable()
export class CompaniesReport {
  constructor(@Inject(READ_DB) private readonly db: Database.Database) {}

  rows(range: Range) {
    const inRange = (value: unknown) => {
      if (typeof value !== 'string') return false;
      const t = Date.parse(value);
      return t >= range.start.getTime() && t <= range.end.getTime();
    };
    const files = this.db
      .prepare(
        `SELECT b.company_id, b.company, d.doc FROM project_board b
         JOIN project_docs d ON d.id = b.id`,
      )
      .all() as FileRow[];
    const byProspect = new Map<string, Counts>();
    const byName = new Map<string, Counts>();
    for (const row of files) {
      const doc = parseProjectDoc(row.doc);
      if (doc.deleted) continue;
      const key = row.company_id ?? (row.company?.trim() || 'Sans entreprise');
      const map = row.company_id ? byProspect : byName;
      const counts = map.get(key) ?? zero();
      counts.total++;
      if (inRange(doc.createdAt)) counts.created++;
      if (inRange(doc.progress?.sentToAL)) counts.sentToAL++;
      if (inRange(doc.progress?.paid)) counts.paid++;
      if (doc.stopped && inRange(doc.createdAt)) counts.stopped++;
      map.set(key, counts);
    }
    const prospects = this.db
      .prepare('SELECT doc FROM prospects ORDER BY name COLLATE NOCASE')
      .pluck()
      .all() as string[];
    const out: {
      name: string;
      prospect: Record<string, unknown> | null;
      counts: Counts;
    }[] = [];
    for (const raw of prospects) {
      const prospect = JSON.parse(raw) as Record<string, unknown> & { _id: string; name: string };
      if (prospect.deleted) continue;
      out.push({ name: prospect.name, prospect, counts: byProspect.get(prospect._id) ?? zero() });
    }
    for (const [name, counts] of [...byName].sort(([a], [b]) => a.localeCompare(b, 'fr')))
      out.push({ name, prospect: null, counts });
    return out;
  }

  xlsx(range: Range): Buffer {
    const date = (value: unknown) => (typeof value === 'string' ? new Date(value) : null);
    const text = (value: unknown) => (typeof value === 'string' ? value : null);
    const rows: Cell[][] = this.rows(range).map(({ name, prospect: p, counts }) => {
      const assignees = (p?.assignees ?? {}) as Record<string, string | null>;
      return [
        name,
        p ? 'Prospect B2B' : 'Dossiers sans prospect',
        text(p?.siret),
        text(p?.type),
        text(p?.employeesCount),
        p ? prospectStageLabel(String(p.currentProgress)) : null,
        assignees.lead ?? null,
        assignees.sale ?? null,
        date(p?.createdAt),
        counts.created,
        counts.sentToAL,
        counts.paid,
        counts.stopped,
        counts.total,
      ];
    });
    const fmt = (d: Date) => d.toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });
    return buildXlsx([
      {
        name: 'Entreprises',
        columns: [
          { header: 'Entreprise', width: 32 },
          { header: 'Origine', width: 22 },
          { header: 'SIRET', width: 16 },
          { header: 'Type' },
          { header: 'Effectifs' },
          { header: 'Étape', width: 20 },
          { header: 'Lead', width: 8 },
          { header: 'Commercial', width: 12 },
          { header: 'Créé le', width: 12 },
          { header: `Dossiers créés (${fmt(range.start)} – ${fmt(range.end)})`, width: 30 },
          { header: 'Dossiers envoyés à AL', width: 22 },
          { header: 'Dossiers payés', width: 16 },
          { header: 'Dossiers abandonnés', width: 20 },
          { header: 'Dossiers au total', width: 18 },
        ],
        rows,
      },
    ]);
  }
}
