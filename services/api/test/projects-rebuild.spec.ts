import 'reflect-metadata';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Logger } from '@nestjs/common';
import {
  ALL_ALERTS,
  ASSIGNEE_ROLES,
  FIELD_KINDS,
  FIELD_LABELS,
  PROJECT_STAGES,
  Project,
  REWARD_CATEGORIES,
  ProjectEvent,
  emptyProject,
  MAIL_TYPE_LABELS,
  occurredAt,
  projectTimelineEntry,
  stageLabel,
} from '@reloc/domain';
import { EventData, PostgresEventStore, RecordedEvent, SqliteEventStore } from '@reloc/eventstore';
import {
  createThrowawayDatabase,
  isServiceRequired,
  postgresUnavailableReason,
  testPostgresUrl,
} from '../../../libs/eventstore/src/testing/postgres';
import { loadConfig } from '../src/config';
import { projectorOptions } from '../src/infrastructure/event-sourcing.module';
import { compareReadModels } from '../src/infrastructure/log-verification';
import { Projection } from '../src/infrastructure/projection';
import { Projector } from '../src/infrastructure/projector';
import { ALL_PROJECTIONS } from '../src/infrastructure/read-models';
import { projectsProjection } from '../src/projects/projects.projection';
import { ProjectTimeline, TimelineItem } from '../src/projects/project-timeline';
import { foldText } from '../src/projects/projects.read-model';
import { parseProjectDoc, stringifyProjectDoc } from '../src/projects/project-doc';

/**
 * Issue 17: the projects projection folds a page's events per file in memory and writes each
 * file once per page. Its read models must be the ones the event-by-event projection made
 * (kept below as it was: parse the document, spread every field, compare every field through
 * JSON, write back), row by row, on a generated log whose files interleave across pages.
 * A file's timeline, computed on read since, must be the entries that projection stored.
 */

// ---- The event-by-event projection as it was before issue 17 (the reference). ----

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _removed, ...rest } = record;
  return rest;
}

function referenceEvolve(state: Project, event: ProjectEvent): Project {
  const revision = state.revision + 1;
  const next = { ...state, revision };
  switch (event.type) {
    case 'ProjectCreated': {
      const fieldRevisions = Object.fromEntries(
        Object.keys(event.data.fields).map((f) => [f, revision]),
      );
      return {
        ...emptyProject(event.data.projectId),
        ...event.data.fields,
        revision,
        fieldRevisions,
        assignees: event.data.assignees,
        createdAt: event.data.createdAt,
        progress: { projectCreated: event.data.createdAt },
        currentProgress: 'projectCreated',
      };
    }
    case 'ProjectFieldsChanged': {
      const fields = Object.keys(event.data.changes);
      return {
        ...next,
        ...event.data.changes,
        fieldRevisions: {
          ...state.fieldRevisions,
          ...Object.fromEntries(fields.map((f) => [f, revision])),
        },
        fieldAuthors: {
          ...state.fieldAuthors,
          ...Object.fromEntries(fields.map((f) => [f, event.data.by])),
        },
      };
    }
    case 'ProjectStageChanged':
      return {
        ...next,
        currentProgress: event.data.to,
        progress: { ...state.progress, [event.data.to]: event.data.at },
      };
    case 'ProjectStopped':
      return {
        ...next,
        stopped: true,
        abortMotivation: event.data.reason,
        progress: { ...state.progress, stopped: event.data.at },
        alertsSkipped: event.data.skipAlertsUntil
          ? { ...state.alertsSkipped, [ALL_ALERTS]: event.data.skipAlertsUntil }
          : state.alertsSkipped,
      };
    case 'ProjectRestarted': {
      const { stopped: _stopped, ...progress } = state.progress;
      return { ...next, stopped: false, abortMotivation: null, progress };
    }
    case 'ProjectAssigneeChanged':
      return { ...next, assignees: { ...state.assignees, [event.data.role]: event.data.to } };
    case 'ProjectTagsChanged':
      return { ...next, tags: event.data.tags };
    case 'ProjectServiceToggled': {
      const { name, done } = event.data;
      const known = state.services.some((service) => service.name === name);
      return {
        ...next,
        services: known
          ? state.services.map((service) => (service.name === name ? { name, done } : service))
          : [...state.services, { name, done }],
      };
    }
    case 'ProjectAlertRaised':
      return {
        ...next,
        alerts: { ...state.alerts, [event.data.alert]: event.data.at },
        activeAlerts: state.activeAlerts.includes(event.data.alert)
          ? state.activeAlerts
          : [...state.activeAlerts, event.data.alert],
      };
    case 'ProjectAlertCleared':
      return {
        ...next,
        alerts: withoutKey(state.alerts, event.data.alert),
        activeAlerts: state.activeAlerts.filter((alert) => alert !== event.data.alert),
      };
    case 'ProjectAlertLifted':
      return {
        ...next,
        alertsSkipped: { ...state.alertsSkipped, [event.data.alert]: event.data.until },
        activeAlerts: state.activeAlerts.filter((alert) => alert !== event.data.alert),
      };
    case 'ProjectIncomeOverridden':
      return {
        ...next,
        overrides: {
          ...state.overrides,
          income: { trigram: event.data.trigram, date: event.data.date },
        },
      };
    case 'ProjectEstateChosen':
      return { ...next, chosenEstate: event.data.hostId };
    case 'ProjectBillingOverridden':
      return { ...next, billingOverrides: event.data.overrides };
    case 'ProjectDeleted':
      return { ...next, deleted: true };
  }
}

function referenceApply(db: Database.Database, event: RecordedEvent): void {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const id = event.streamId.replace(/^project-/, '');
  const raw = db.prepare('SELECT doc FROM project_docs WHERE id = ?').pluck().get(id) as
    string | undefined;
  const before = raw ? parseProjectDoc(raw) : emptyProject();
  const after = referenceEvolve(before, { type: event.type, data: event.data } as ProjectEvent);
  const entry = projectTimelineEntry(
    event.type,
    raw ? (before as unknown as Record<string, unknown>) : null,
    after as unknown as Record<string, unknown>,
    stageLabel,
    (field) => (FIELD_LABELS as Record<string, string>)[field] ?? field,
  );
  const actor = (event.metadata.actor ?? {}) as { trigram?: string | null };
  if (entry)
    referenceTimeline.push({
      target: id,
      position: event.position,
      item: {
        _id: event.id,
        date: occurredAt(event),
        type: entry.type,
        label: entry.label,
        params: JSON.parse(JSON.stringify(entry.params)) as Record<string, unknown>,
        author: actor.trigram ?? null,
        fromHiL: true,
      },
    });
  db.prepare('INSERT OR REPLACE INTO project_docs (id, doc) VALUES (?, ?)').run(
    id,
    stringifyProjectDoc(after),
  );
  const r = after as unknown as Record<string, unknown>;
  if (r.deleted) {
    db.prepare('DELETE FROM project_board WHERE id = ?').run(id);
    return;
  }
  const progress = (r.progress ?? {}) as Record<string, string>;
  const current = text(r.currentProgress);
  const alerts = (r.alerts ?? {}) as Record<string, string>;
  const createdAt = text(r.createdAt);
  const search = [r.firstName, r.lastName, r.userId, r.phoneNumber, r.company, after._id]
    .map(text)
    .join(' ')
    .toLowerCase();
  db.prepare(
    `INSERT OR REPLACE INTO project_board
      (id, first_name, last_name, user_id, phone, company, company_id, current_progress, stopped,
       has_alert, tags, assignees, alerts, alerts_skipped, created_at, year, last_move, date_move, search)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    after._id,
    text(r.firstName),
    text(r.lastName),
    text(r.userId),
    text(r.phoneNumber),
    text(r.company),
    text(r.companyId) || null,
    current,
    r.stopped ? 1 : 0,
    Object.keys(alerts).length ? 1 : 0,
    JSON.stringify(r.tags ?? []),
    JSON.stringify(r.assignees ?? {}),
    JSON.stringify(alerts),
    JSON.stringify(r.alertsSkipped ?? {}),
    createdAt,
    Number(createdAt.slice(0, 4)) || null,
    progress[current] ?? createdAt,
    text(r.dateMove) || null,
    search,
  );
}

/** The timeline entries the reference made (it stored them, one row per event), in log order. */
const referenceTimeline: { target: string; position: number; item: TimelineItem }[] = [];

const referenceProjection: Projection = {
  ...projectsProjection,
  flush: undefined,
  discard: undefined,
  apply: referenceApply,
  drop(db) {
    referenceTimeline.length = 0;
    projectsProjection.drop(db);
  },
};

// ---- A seeded log of interleaved files, every project event type. ----

function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['Dupont', 'Élodie', 'Martin', 'Société Générale', 'Lyon', 'Zoé', 'Nantes', ''];
const TAGS = ['urgent', 'vip', 'relance', 'dossier complet'];
const TRIGRAMS = ['ABC', 'DEF', 'GHI', null];

function generateLog(files: number, seed: number): { streamId: string; event: EventData }[] {
  const rand = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const fields = Object.keys(FIELD_KINDS) as (keyof typeof FIELD_KINDS)[];
  const value = (field: keyof typeof FIELD_KINDS): unknown => {
    const kind = FIELD_KINDS[field] as string;
    if (kind === 'boolean') return rand() < 0.5;
    if (kind === 'number') return Math.floor(rand() * 5000);
    if (kind === 'date')
      return `20${10 + Math.floor(rand() * 15)}-0${1 + Math.floor(rand() * 9)}-1${Math.floor(rand() * 9)}`;
    return rand() < 0.1 ? null : pick(WORDS);
  };
  const changes = () => {
    const out: Record<string, unknown> = {};
    const n = 1 + Math.floor(rand() * 5);
    for (let i = 0; i < n; i++) {
      // Now and then a key no document has yet: it lands after the others.
      if (rand() < 0.05) out[pick(['legacyNote', 'importedFrom'])] = pick(WORDS);
      // Now and then a name that is no text (an import's): SQLite stores it as text ('1234.0').
      else if (rand() < 0.01) out[pick(['firstName', 'lastName'])] = 1234;
      else {
        // The board's and the dashboard's fields often (the company: the dashboard's per company).
        const field =
          rand() < 0.3 ? pick([...fields.slice(0, 6), 'company' as const]) : pick(fields);
        out[field] = value(field);
      }
    }
    return out;
  };
  const at = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString();
  const log: { streamId: string; event: EventData }[] = [];
  const live: string[] = [];
  const everCreated: string[] = [];
  const timelineIds: string[] = [];
  // Staff the billing resolves by trigram: one created late, trigrams that move, grids that change.
  const createUser = (userId: string, trigram: string) =>
    log.push({
      streamId: `user-${userId}`,
      event: {
        type: 'UserCreated',
        data: {
          userId,
          email: `${userId}@reloc.fr`,
          firstName: userId,
          lastName: 'Staff',
          role: 'OPERATOR',
          trigram,
          createdAt: at(0),
        },
        metadata: {},
      },
    });
  createUser('u-abc', 'ABC');
  createUser('u-def', 'DEF');
  let created = 0;
  for (let i = 0; created < files || live.length; i++) {
    const metadata = { actor: { trigram: pick(TRIGRAMS) } };
    if (i === 600) createUser('u-ghi', 'GHI');
    const push = (projectId: string, type: string, data: Record<string, unknown>) => {
      const id = `0190a000-0000-7000-8000-${String(i).padStart(12, '0')}`;
      log.push({
        streamId: `project-${projectId}`,
        event: { id, type, data: { projectId, ...data }, metadata },
      });
      timelineIds.push(id);
    };
    if (created < files && (live.length < 40 || rand() < 0.15)) {
      const projectId = `p${String(created++).padStart(5, '0')}`;
      live.push(projectId);
      everCreated.push(projectId);
      push(projectId, 'ProjectCreated', {
        fields: { firstName: pick(WORDS), lastName: pick(WORDS), ...changes() },
        assignees: Object.fromEntries(ASSIGNEE_ROLES.map((role) => [role, pick(TRIGRAMS)])),
        createdAt: at(i),
      });
      continue;
    }
    if (!live.length) break;
    const index = Math.floor(rand() * live.length);
    const projectId = live[index];
    if (rand() < 0.08) {
      // A comment on a file, deleted ones too: the notification feed reads its holders then.
      const targetId = pick(everCreated);
      log.push({
        streamId: `comments-${targetId}`,
        event: {
          type: 'CommentAdded',
          data: {
            commentId: `c${i}`,
            targetId,
            content: pick(WORDS),
            visibility: 'internal',
            owner: 'hil',
            authorId: 'u-abc',
            author: 'ABC',
            createdAt: at(i),
          },
          metadata: { actor: { id: 'u-abc', trigram: 'ABC', role: 'OPERATOR' } },
        },
      });
    }
    const roll = rand();
    if (roll < 0.3)
      push(projectId, 'ProjectFieldsChanged', { changes: changes(), by: pick(['u1', 'u2']) });
    else if (roll < 0.45) {
      const to = pick(PROJECT_STAGES);
      push(projectId, 'ProjectStageChanged', { from: 'projectCreated', to, at: at(i) });
    } else if (roll < 0.5)
      push(projectId, 'ProjectStopped', {
        reason: 'other',
        alertSkipDays: 3,
        skipAlertsUntil: rand() < 0.5 ? at(i + 72) : null,
        at: at(i),
      });
    else if (roll < 0.53) push(projectId, 'ProjectRestarted', { at: at(i) });
    else if (roll < 0.6) {
      const role = pick(ASSIGNEE_ROLES);
      push(projectId, 'ProjectAssigneeChanged', { role, from: null, to: pick(TRIGRAMS) });
    } else if (roll < 0.65)
      push(projectId, 'ProjectTagsChanged', { tags: TAGS.filter(() => rand() < 0.4) });
    else if (roll < 0.69)
      push(projectId, 'ProjectServiceToggled', {
        name: pick(['box', 'moving', 'bank']),
        done: rand() < 0.5 ? at(i) : null,
      });
    else if (roll < 0.73)
      push(projectId, 'ProjectAlertRaised', { alert: pick(['noNews', 'late']), at: at(i) });
    else if (roll < 0.75)
      push(projectId, 'ProjectAlertCleared', { alert: pick(['noNews', 'late']) });
    else if (roll < 0.78)
      push(projectId, 'ProjectAlertLifted', {
        alert: pick(['noNews', 'late', 'all']),
        until: at(i + 48),
        reason: 'r',
      });
    else if (roll < 0.8)
      push(projectId, 'ProjectIncomeOverridden', { trigram: pick(TRIGRAMS), date: at(i) });
    else if (roll < 0.83)
      push(projectId, 'ProjectEstateChosen', { hostId: rand() < 0.7 ? `h${i}` : null });
    else if (roll < 0.85)
      push(projectId, 'ProjectBillingOverridden', {
        overrides: { sentToAL: { standard: i }, paid: {} },
      });
    else if (roll < 0.87) {
      push(projectId, 'ProjectDeleted', {});
      live.splice(index, 1);
    } else if (roll < 0.89) {
      log.push({
        streamId: 'timeline-hidden',
        event: { type: 'TimelineEntryHidden', data: { entryId: pick(timelineIds) }, metadata },
      });
    } else if (roll < 0.9) {
      // An event of a file whose creation is not in the log.
      push(`orphan${i}`, 'ProjectTagsChanged', { tags: ['orphelin'] });
    } else if (roll < 0.91) {
      const grid = () =>
        Object.fromEntries(REWARD_CATEGORIES.map((c) => [c, Math.floor(rand() * 4) * 25]));
      const userId = pick(i > 600 ? ['u-abc', 'u-def', 'u-ghi'] : ['u-abc', 'u-def']);
      const changes =
        rand() < 0.3
          ? { trigram: pick(['ABC', 'DEF', 'GHI', 'XYZ']) }
          : { rewards: { sentToAL: grid(), paid: grid(), custom: Math.floor(rand() * 50) } };
      log.push({
        streamId: `user-${userId}`,
        event: { type: 'UserUpdated', data: { userId, changes }, metadata },
      });
    } else if (roll < 0.92) {
      // A client mail: one more timeline entry, written by another projection (rowid order).
      log.push({
        streamId: `client-mail-${i}`,
        event: {
          type: 'ClientMailSent',
          data: {
            mailId: `m${i}`,
            projectId,
            mailType: pick(['onboarding', 'mobilipass', 'mission_done']),
            to: 'client@example.com',
            subject: 's',
            transport: 'outbox',
            messageId: null,
            file: null,
            at: at(i),
          },
          metadata,
        },
      });
    } else if (rand() < 0.3) live.splice(index, 1); // the file goes quiet
  }
  return log;
}

describe('projects read model: batched rebuild equals the event-by-event projection (issue 17)', () => {
  let dir: string;
  let store: SqliteEventStore;
  const dbs: Database.Database[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'reloc-projects-rebuild-'));
    store = new SqliteEventStore(join(dir, 'reloc.db'));
    for (const { streamId, event } of generateLog(300, 17))
      await store.appendToStream(streamId, [event]);
  });
  afterAll(async () => {
    for (const db of dbs) db.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function built(projections: readonly Projection[], pageSize?: number) {
    const db = new Database(':memory:');
    dbs.push(db);
    await new Projector(store, db, projections, { pageSize }).rebuild();
    return db;
  }
  // The reference: one event per page (what the page-wide folds and caches see collapses to
  // one event), every index kept up to date row by row, the projects projection as it was.
  const reference = ALL_PROJECTIONS.map((p) => ({
    ...(p === projectsProjection ? referenceProjection : p),
    deferredIndexes: undefined,
  }));

  it('a stored document reads back as the whole state: same values, same keys in the same order', async () => {
    const states = new Map<string, Project>();
    for (const event of await store.readAll(0, 1_000_000)) {
      if (!event.type.startsWith('Project')) continue;
      const before = states.get(event.streamId) ?? emptyProject();
      states.set(
        event.streamId,
        referenceEvolve(before, { type: event.type, data: event.data } as ProjectEvent),
      );
    }
    expect(states.size).toBeGreaterThan(300);
    for (const state of states.values()) {
      const stored = stringifyProjectDoc(state);
      expect(stored.length).toBeLessThan(JSON.stringify(state).length);
      expect(JSON.stringify(parseProjectDoc(stored))).toBe(JSON.stringify(state));
    }
    // Documents written whole (before this format) read back the same.
    const [state] = states.values();
    expect(parseProjectDoc(JSON.stringify(state))).toEqual(state);
  });

  let live: Database.Database;
  it('the log is large enough to span pages with files interleaved', async () => {
    const head = await store.headPosition();
    expect(head).toBeGreaterThan(2500);
    const db = (live = await built(reference, 1));
    const count = (sql: string) => db.prepare(sql).pluck().get() as number;
    expect(count('SELECT count(*) FROM project_docs')).toBeGreaterThan(300);
    const entries = referenceTimeline.map(({ item }) => item);
    expect(entries.filter((item) => item.type === 'MODIFICATION').length).toBeGreaterThan(100);
    expect(count('SELECT count(*) FROM timeline_hidden')).toBeGreaterThan(10);
    expect(count('SELECT count(*) FROM timeline_mails')).toBeGreaterThan(10);
    expect(entries.some((item) => JSON.stringify(item.params).includes('legacyNote'))).toBe(true);
    // The other read models the project events feed hold rows too.
    expect(count('SELECT count(*) FROM dashboard_reached')).toBeGreaterThan(400);
    expect(count('SELECT count(*) FROM dashboard_assignees')).toBeGreaterThan(300);
    expect(count('SELECT count(*) FROM dashboard_files WHERE company IS NOT NULL')).toBeGreaterThan(
      20,
    );
    expect(count('SELECT count(*) FROM billing_lines WHERE amount > 0')).toBeGreaterThan(50);
    expect(count('SELECT count(DISTINCT user_id) FROM billing_lines')).toBe(3);
    expect(count('SELECT count(*) FROM notif_projects')).toBe(300);
    expect(count('SELECT count(DISTINCT project_id) FROM notifications')).toBeGreaterThan(50);
    expect(count('SELECT count(*) FROM notif_projects WHERE deleted = 1')).toBeGreaterThan(5);
    expect(
      count("SELECT count(*) FROM billing_projects WHERE '1234.0' IN (first_name, last_name)"),
    ).toBeGreaterThan(0);
  });

  function indexes(db: Database.Database): string[] {
    return db
      .prepare(
        "SELECT name || ' ' || sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name",
      )
      .pluck()
      .all() as string[];
  }

  it('a rebuild builds again every index its projections defer, even when it fails half way; the next start rebuilds', async () => {
    const fresh = new Database(':memory:');
    dbs.push(fresh);
    new Projector(store, fresh, ALL_PROJECTIONS).setup();
    const expected = indexes(fresh);
    const deferred = ALL_PROJECTIONS.flatMap((p) => p.deferredIndexes ?? []);
    expect(deferred.length).toBeGreaterThan(5);
    for (const name of deferred)
      expect(expected.some((index) => index.startsWith(`${name} `))).toBe(true);
    expect(indexes(await built(ALL_PROJECTIONS))).toEqual(expected);
    // A log that fails on its third page: the rebuild stops, the indexes are there.
    let reads = 0;
    const failing = Object.assign(Object.create(store) as SqliteEventStore, {
      readAll: (from: number, max: number) => {
        if (++reads === 3) return Promise.reject(new Error('disk gone'));
        return store.readAll(from, max);
      },
    });
    const db = new Database(':memory:');
    dbs.push(db);
    await expect(
      new Projector(failing, db, ALL_PROJECTIONS, { pageSize: 1000 }).rebuild(),
    ).rejects.toThrow('disk gone');
    expect(indexes(db)).toEqual(expected);
    // The deferred search index is back too, with every tile written so far (none: a replay
    // holds its files until it ends).
    const count = (sql: string) => db.prepare(sql).pluck().get() as number;
    expect(count('SELECT count(*) FROM dashboard_reached')).toBeGreaterThan(50);
    expect(count('SELECT count(*) FROM project_search')).toBe(
      count('SELECT count(*) FROM project_board'),
    );
    // The next start finds the replay interrupted: it rebuilds, every table whole again.
    const warnings = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const restarted = new Projector(store, db, ALL_PROJECTIONS, { pageSize: 1000 });
    try {
      await restarted.start();
      expect(warnings).toHaveBeenCalledWith(expect.stringContaining('interrupted'));
    } finally {
      await restarted.stop();
      warnings.mockRestore();
    }
    const replay = await compareReadModels(store, db, ALL_PROJECTIONS);
    expect(replay.differences).toEqual([]);
    expect(count('SELECT count(*) FROM project_board')).toBeGreaterThan(100);
    expectSearchIndexWhole(db);
  });

  it.each([
    ['pages of 2000 (rebuild, start-up catch-up)', undefined],
    ['pages of 1000', 1000],
    ['pages of 7 (a file split across pages)', 7],
    ['one event per page (live)', 1],
  ])('%s: every table identical, row by row', async (_name, pageSize) => {
    const replay = await compareReadModels(
      pageSize ? pagedStore(pageSize) : store,
      live,
      ALL_PROJECTIONS,
    );
    expect(replay.tables).toBeGreaterThan(10);
    expect(replay.differences).toEqual([]);
  });

  it.each([
    ['pages of 2000', 2000],
    ['pages of 7', 7],
  ])(
    '%s, a replay holding 20 files at most (the least recently touched written first): every table identical',
    async (_name, pageSize) => {
      const db = new Database(':memory:');
      dbs.push(db);
      await new Projector(store, db, ALL_PROJECTIONS, { pageSize, replayHeldLimit: 20 }).rebuild();
      expectSearchIndexWhole(db);
      const replay = await compareReadModels(store, db, ALL_PROJECTIONS);
      expect(replay.tables).toBeGreaterThan(10);
      expect(replay.differences).toEqual([]);
    },
  );

  it('a rebuild into a database file, its WAL checkpointed by another thread: every table identical', async () => {
    const file = join(dir, 'read-models.db');
    const db = new Database(file);
    dbs.push(db);
    db.pragma('journal_mode = WAL');
    await new Projector(store, db, ALL_PROJECTIONS, { concurrentCheckpointFrom: 1 }).rebuild();
    const replay = await compareReadModels(store, db, ALL_PROJECTIONS);
    expect(replay.tables).toBeGreaterThan(10);
    expect(replay.differences).toEqual([]);
    // Its WAL is back to nothing, its rows in the database file.
    expect(statSync(`${file}-wal`).size).toBe(0);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
  });

  describe('a replay whose projects pages another thread folds (replay-worker.ts)', () => {
    let warnings: jest.SpyInstance;
    beforeEach(() => {
      warnings = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    });
    afterEach(() => warnings.mockRestore());

    async function rebuiltByWorker(
      projections: readonly Projection[],
      options: { pageSize: number; log?: SqliteEventStore; heldLimit?: number },
    ) {
      const db = new Database(join(dir, `read-models-${dbs.length}.db`));
      dbs.push(db);
      db.pragma('journal_mode = WAL');
      await new Projector(options.log ?? store, db, projections, {
        pageSize: options.pageSize,
        replayLog: { sqlitePath: join(dir, 'reloc.db') },
        replayWorkerFrom: 1,
        replayHeldLimit: options.heldLimit,
      }).rebuild();
      return db;
    }

    it.each([
      ['pages of 2000', 2000, undefined],
      ['pages of 7 (files carried from page to page)', 7, undefined],
      ['pages of 7, 20 files held at most (others written, read back from the table)', 7, 20],
      ['pages of 50, 20 files held at most', 50, 20],
    ])('%s: every table identical, row by row', async (_name, pageSize, heldLimit) => {
      const db = await rebuiltByWorker(ALL_PROJECTIONS, { pageSize, heldLimit });
      expect(warnings).not.toHaveBeenCalled();
      expectSearchIndexWhole(db);
      const replay = await compareReadModels(store, db, ALL_PROJECTIONS);
      expect(replay.tables).toBeGreaterThan(10);
      expect(replay.differences).toEqual([]);
    });

    it('pages other than those it worked out ahead (the log read by pages of 5, it reads 7): the replay starts over on the projector, every table identical', async () => {
      const db = await rebuiltByWorker(ALL_PROJECTIONS, {
        pageSize: 7,
        log: pagedStore(5),
        heldLimit: 20,
      });
      expect(warnings).toHaveBeenCalledWith(
        expect.stringContaining('the log changed under the replay after position'),
      );
      expect(warnings).toHaveBeenCalledWith(expect.stringContaining('starts over on this thread'));
      expectSearchIndexWhole(db);
      expect((await compareReadModels(store, db, ALL_PROJECTIONS)).differences).toEqual([]);
    });

    it('the API, `rebuild-read-models` and a restore give it their log: the embedded file, PostgreSQL, not EventStoreDB', () => {
      const base = {
        RELOC_DATA_DIR: dir,
        RELOC_TOKEN_SECRET: 'projects-rebuild-test-0123456789abcdef',
      };
      const embedded = loadConfig(base);
      expect(projectorOptions(embedded).replayLog).toEqual({
        eventStoreUrl: undefined,
        sqlitePath: join(embedded.dataDir, 'reloc.db'),
      });
      const url = 'postgres://reloc@127.0.0.1:5432/reloc';
      expect(projectorOptions(loadConfig({ ...base, EVENTSTORE_URL: url })).replayLog).toEqual({
        eventStoreUrl: url,
        sqlitePath: join(embedded.dataDir, 'reloc.db'),
      });
      const esdb = loadConfig({ ...base, EVENTSTORE_URL: 'esdb://127.0.0.1:2113?tls=false' });
      expect(projectorOptions(esdb).replayLog).toBeUndefined();
    });

    const pgUrl = testPostgresUrl();
    const pgUnavailable = postgresUnavailableReason(pgUrl);
    const onPostgres = pgUnavailable && !isServiceRequired('postgres') ? it.skip : it;
    onPostgres(
      'the log on PostgreSQL (scaled mode), read by the worker too: every table identical',
      async () => {
        if (pgUnavailable) throw new Error(pgUnavailable);
        const database = await createThrowawayDatabase(pgUrl);
        const pg = new PostgresEventStore(database.url);
        try {
          const events = await store.readAll(0, 1_000_000);
          for (let i = 0; i < events.length;) {
            const run = [events[i]];
            while (events[++i]?.streamId === run[0].streamId) run.push(events[i]);
            await pg.appendToStream(
              run[0].streamId,
              run.map(({ id, type, data, metadata }) => ({ id, type, data, metadata })),
            );
          }
          const db = new Database(join(dir, 'read-models-pg.db'));
          dbs.push(db);
          db.pragma('journal_mode = WAL');
          await new Projector(pg, db, ALL_PROJECTIONS, {
            pageSize: 50,
            replayLog: { eventStoreUrl: database.url, sqlitePath: join(dir, 'unused.db') },
            replayWorkerFrom: 1,
          }).rebuild();
          expect(warnings).not.toHaveBeenCalled();
          expect((await compareReadModels(pg, db, ALL_PROJECTIONS)).differences).toEqual([]);
        } finally {
          await pg.close();
          await database.drop();
        }
      },
    );

    it('a worker that cannot start, or fails half way: the projector replays the log itself, every table identical', async () => {
      const withScript = (script: string) =>
        ALL_PROJECTIONS.map((p) =>
          p === projectsProjection
            ? { ...p, replayWorker: { ...projectsProjection.replayWorker!, script } }
            : p,
        );
      const missing = await rebuiltByWorker(withScript(join(dir, 'no-such-worker.js')), {
        pageSize: 50,
      });
      expect(warnings).toHaveBeenCalledWith(
        expect.stringContaining('no replay worker for projects'),
      );
      expect((await compareReadModels(store, missing, ALL_PROJECTIONS)).differences).toEqual([]);

      /**
       * A worker script that answers each page with nothing (writing nothing, holding nothing)
       * and throws `message` when `fails` (a JS condition on `pages`, the pages worked out).
       */
      const dist = dirname(projectsProjection.replayWorker!.script);
      const stubWorker = (name: string, fails: string, message: string) => {
        const file = join(dir, name);
        writeFileSync(
          file,
          `const { serveReplayPages } = require(${JSON.stringify(join(dist, '../infrastructure/replay-worker.js'))});
           const nothing = { tileRuns: [[]], removed: [], docs: [] };
           let pages = 0;
           serveReplayPages(() => ({
             page() {
               ++pages;
               if (${fails}) throw new Error(${JSON.stringify(message)});
               return nothing;
             },
             finish: () => nothing,
           }));`,
        );
        return file;
      };

      // One that answers its first four pages, then throws: what it held is lost, so the
      // replay starts over on the projector's thread.
      warnings.mockClear();
      const failing = stubWorker('failing-worker.js', 'pages >= 5', 'worker broke');
      const recovered = await rebuiltByWorker(withScript(failing), { pageSize: 50 });
      expect(warnings).toHaveBeenCalledWith(expect.stringContaining('worker broke'));
      expect(warnings).toHaveBeenCalledWith(expect.stringContaining('starts over on this thread'));
      expectSearchIndexWhole(recovered);
      expect((await compareReadModels(store, recovered, ALL_PROJECTIONS)).differences).toEqual([]);

      // One that throws once only, on a page it works out ahead: working the page out again
      // would fold into files half changed (here, answer nothing for it), so that fails it too.
      warnings.mockClear();
      const failingOnce = stubWorker('failing-once-worker.js', 'pages === 5', 'worker broke once');
      const restarted = await rebuiltByWorker(withScript(failingOnce), { pageSize: 50 });
      expect(warnings).toHaveBeenCalledWith(expect.stringContaining('worker broke once'));
      expect(warnings).toHaveBeenCalledWith(expect.stringContaining('starts over on this thread'));
      expect((await compareReadModels(store, restarted, ALL_PROJECTIONS)).differences).toEqual([]);
    });
  });

  it("each file's timeline, computed on read, is the entries the reference stored, in their order", async () => {
    const events = await store.readAll(0, 1_000_000);
    const hidden = new Set(
      events
        .filter((event) => event.type === 'TimelineEntryHidden')
        .map((event) => (event.data as { entryId: string }).entryId),
    );
    const byTarget = new Map<string, { position: number; item: TimelineItem }[]>();
    const add = (target: string, entry: { position: number; item: TimelineItem }) => {
      if (hidden.has(entry.item._id)) return;
      byTarget.set(target, [...(byTarget.get(target) ?? []), entry]);
    };
    for (const { target, ...entry } of referenceTimeline) add(target, entry);
    for (const event of events) {
      if (event.type !== 'ClientMailSent') continue;
      const mail = event.data as {
        projectId: string;
        mailType: string;
        to: string;
        mailId: string;
      };
      const actor = (event.metadata.actor ?? {}) as { trigram?: string | null };
      add(mail.projectId, {
        position: event.position,
        item: {
          _id: event.id,
          date: event.createdAt,
          type: 'COURRIEL_CLIENT',
          label: `Courriel envoyé au client : ${MAIL_TYPE_LABELS[mail.mailType as keyof typeof MAIL_TYPE_LABELS] ?? mail.mailType}`,
          params: { type: mail.mailType, to: mail.to, mailId: mail.mailId },
          author: actor.trigram ?? null,
          fromHiL: true,
        },
      });
    }
    expect(byTarget.size).toBeGreaterThan(300);
    // The stored rows' order: newest first, the later of the log first on a tie, 'Création' last.
    const timeline = new ProjectTimeline(store, live);
    let sameDate = 0;
    for (const [target, entries] of byTarget) {
      const items = entries
        .sort((a, b) =>
          a.item.date === b.item.date
            ? b.position - a.position
            : a.item.date < b.item.date
              ? 1
              : -1,
        )
        .map(({ item }) => item);
      const creation = items.findIndex((item) => item.type === 'CREATION');
      if (creation >= 0) items.push(...items.splice(creation, 1));
      if (new Set(items.map((item) => item.date)).size < items.length) sameDate++;
      expect({ target, items: await timeline.entries(target) }).toEqual({ target, items });
    }
    expect(sameDate).toBeGreaterThan(0);
  });

  /** Rebuilt to the middle of the log (no search index meanwhile), then caught up as at a start. */
  async function rebuiltThenCaughtUp() {
    const db = new Database(':memory:');
    dbs.push(db);
    const half = Math.floor((await store.headPosition()) / 2);
    await new Projector(store, db, ALL_PROJECTIONS).rebuild(undefined, half);
    const projector = new Projector(store, db, ALL_PROJECTIONS, { pageSize: 7 });
    await projector.start(); // the index is there: each page's tiles update it
    await projector.stop();
    expect(projector.currentPosition).toBe(await store.headPosition());
    return db;
  }

  it.each([[undefined], [7], [1], ['half rebuilt then caught up']])(
    'pages of %s (default 2000): the search index finds exactly the tiles whose folded text holds the term',
    async (pageSize) => {
      const db =
        typeof pageSize === 'string'
          ? await rebuiltThenCaughtUp()
          : await built(ALL_PROJECTIONS, pageSize);
      expectSearchIndexWhole(db);
    },
  );

  /** The search index finds exactly the tiles whose folded text holds each term. */
  function expectSearchIndexWhole(db: Database.Database) {
    const tiles = db.prepare('SELECT id, search FROM project_board').all() as {
      id: string;
      search: string;
    }[];
    for (const term of ['dup', 'elodie', 'ÉLO', 'société g', 'zoé', 'p0012', 'nan']) {
      const found = db
        .prepare(
          'SELECT id FROM project_board WHERE rowid IN (SELECT rowid FROM project_search WHERE project_search MATCH ?) ORDER BY id',
        )
        .pluck()
        .all(`"${term}"`);
      const expected = tiles
        .filter((tile) => foldText(tile.search).includes(foldText(term)))
        .map((tile) => tile.id)
        .sort();
      expect(found).toEqual(expected);
      expect(expected.length).toBeGreaterThan(0);
    }
  }

  /** The store, read in pages of at most `size` events (compareReadModels reads by 1000). */
  function pagedStore(size: number) {
    return Object.assign(Object.create(store) as SqliteEventStore, {
      readAll: (from: number, max: number) => store.readAll(from, Math.min(max, size)),
    });
  }
});
