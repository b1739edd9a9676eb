import 'reflect-metadata';
import Database from 'better-sqlite3';
import { projectsProjection } from '../src/projects/projects.projection';
import { type BoardQuery, foldText, ProjectsReadModel } from '../src/projects/projects.read-model';

/**
 * Issue 17: a search reads its matches once, then either looks each one up (few matches) or
 * walks the board's own index keeping the matches (many). Whichever way, the tiles, their
 * order, the total and the counts are those of the board filtered by the folded substring.
 */

const FIRST = ['Zoé', 'Élodie', 'Jules', 'Chloé', 'Adam', 'Inès', 'Noël', 'Léa'];
const LAST = ['Dupont', 'Lefèvre', 'Ørsted', 'Martin', 'Rousseau', 'Bénard', 'Du Pré', 'Petit'];
const COMPANY = ['Crédit Agricole', 'Société Générale', 'Airbus', 'BNP Paribas', 'Thalès'];
const STAGES = ['projectCreated', 'visitPlanned', 'leaseSigned', 'paid'];

/** A board of `n` tiles, written as the projection writes them (tile + search index). */
function board(n: number): Database.Database {
  const db = new Database(':memory:');
  projectsProjection.setup(db);
  const tile = db.prepare(
    `INSERT INTO project_board
      (id, first_name, last_name, user_id, phone, company, company_id, current_progress, stopped,
       has_alert, tags, assignees, alerts, alerts_skipped, created_at, year, last_move, date_move, search)
     VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, 0, '[]', '{}', '{}', '{}', ?, ?, ?, NULL, ?)`,
  );
  const index = db.prepare('INSERT INTO project_search (rowid, search) VALUES (?, ?)');
  for (let i = 0; i < n; i++) {
    const first = FIRST[i % FIRST.length];
    const last = LAST[(i * 7) % LAST.length];
    const company = COMPANY[(i * 3) % COMPANY.length];
    const email = `${foldText(first)}.${foldText(last).replace(/\W/g, '')}.${i}@exemple.fr`;
    const phone = `06${String(i).padStart(8, '0')}`;
    const id = `586a${String(i).padStart(20, '0')}`;
    const year = 2020 + (i % 6);
    const createdAt = `${year}-01-01T00:00:00.000Z`;
    // Equal dates on purpose: the id breaks ties.
    const lastMove = `${year}-0${1 + (i % 9)}-1${i % 5}T00:00:00.000Z`;
    const search = [first, last, email, phone, company, id].join(' ').toLowerCase();
    const { lastInsertRowid } = tile.run(
      id,
      first,
      last,
      email,
      phone,
      company,
      STAGES[(i * 5) % STAGES.length],
      i % 6 === 0 ? 1 : 0,
      createdAt,
      year,
      lastMove,
      search,
    );
    index.run(lastInsertRowid, search);
  }
  return db;
}

type Row = { id: string; current_progress: string; stopped: number; year: number; search: string };

/** The answer, computed in plain code from every tile. */
function expected(db: Database.Database, query: BoardQuery) {
  const rows = (
    db
      .prepare('SELECT id, current_progress, stopped, year, last_move, search FROM project_board')
      .all() as (Row & { last_move: string })[]
  )
    .filter((r) =>
      query.filter === 'active' ? !r.stopped : query.filter === 'stopped' ? r.stopped : true,
    )
    .filter((r) => !query.year || r.year === query.year)
    .filter((r) => foldText(r.search).includes(foldText(query.search?.trim() ?? '')));
  const counts: Record<string, number> = {};
  for (const r of rows) counts[r.current_progress] = (counts[r.current_progress] ?? 0) + 1;
  const inColumn = rows
    .filter(
      (r) => !query.progress || query.progress === 'all' || r.current_progress === query.progress,
    )
    .sort((a, b) =>
      a.last_move === b.last_move
        ? b.id.localeCompare(a.id)
        : b.last_move.localeCompare(a.last_move),
    );
  return {
    ids: inColumn.slice(query.offset, query.offset + query.size).map((r) => r.id),
    total: inColumn.length,
    counts,
  };
}

describe('board search (issue 17): matches looked up or the index walked, same answer', () => {
  const db = board(600);
  const model = new ProjectsReadModel(db);
  afterAll(() => db.close());

  const terms = ['dupont', 'DUP', 'lefevre', 'ÉLO', 'exemple.fr', 'crédit', 'du', 'é', 'ø', 'zzz'];
  const shapes: Omit<BoardQuery, 'search'>[] = [
    { offset: 0, size: 200, filter: 'all' },
    { offset: 0, size: 20, filter: 'active' },
    { offset: 40, size: 25, filter: 'stopped' },
    { offset: 0, size: 200, filter: 'active', progress: 'paid' },
    { offset: 10, size: 5, filter: 'all', progress: 'projectCreated', year: 2023 },
  ];

  it.each(['auto', 'walk', 'lookup'] as const)('%s: tiles, order, total and counts', (plan) => {
    model.searchPlan = plan;
    for (const search of terms)
      for (const shape of shapes) {
        const query = { ...shape, search };
        const answer = model.board(query);
        const want = expected(db, query);
        expect({
          query,
          ids: answer.leases.map((l) => l._id),
          total: answer.total,
          counts: answer.counts,
        }).toEqual({ query, ...want });
      }
  });

  it('walks the index for many matches, looks few up', () => {
    const first = { offset: 0, size: 200, filter: 'all' } as const;
    expect(expected(db, { ...first, search: 'exemple.fr' }).total).toBe(600);
    expect(model.planSearch(600, first)).toEqual({ walkCounts: true, walkPage: true });
    // 30 of 600: counting reads them (fewer than a walk), the first page walks (it stops early).
    expect(model.planSearch(30, first)).toEqual({ walkCounts: false, walkPage: true });
    expect(model.planSearch(1, first)).toEqual({ walkCounts: false, walkPage: false });
  });
});
