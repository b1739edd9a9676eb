import type Database from 'better-sqlite3';
import {
  contractualRouteKey,
  Host,
  hostDecider,
  hostNeedsGeocoding,
  Project,
  projectDecider,
  projectExists,
  ProjectFieldChanges,
  proposalRouteKey,
} from '@reloc/domain';
import type { EventStore, RecordedEvent, Subscription } from '@reloc/eventstore';
import {
  ADDRESS_CHECK_MS,
  EnqueueOptions,
  GEO_JOB_NAMES,
  geoEnqueueOptions,
  hostStream,
  JobQueue,
  loadStream,
  Logger,
  projectStream,
  WORK_ADDRESS_CHECK_MS,
  WorkerJobs,
} from '@reloc/worker';
import type { Projector } from '../infrastructure/projector';

export const GEO_REACTOR_CHECKPOINT = 'geo-reactor';

/** The event types that can ask for a geocoding or travel-time job. */
const HANDLED = new Set([
  'HostUpdated',
  'HostGeolocated',
  'ProposalCreated',
  'ProposalDistancesSet',
  'ProjectCreated',
  'ProjectFieldsChanged',
]);
const DEPARTURE_FIELDS = ['actualCity', 'fromAddressObject'];
const WORK_FIELDS = ['addressWork', 'addressWorkObject'];

/**
 * Turns events into geocoding and travel-time jobs (ARCHITECTURE.md "reactors"): a host whose
 * address changed is geocoded; a geolocated host or a new proposal gets its travel times; a
 * project whose departure or work address changed gets its contractual distance and time, and
 * its proposals their travel times. It follows the global log with its own checkpoint, stored
 * in the read-model SQLite after each event (at least once: job ids are deterministic, and the
 * processors skip what is already done or no longer current).
 */
export class GeoReactor {
  private subscription: Subscription | null = null;
  private position = 0;
  /** Embedded mode: enqueued jobs are also kept in SQLite until they finish (see resumePending). */
  private durable = false;
  private unsubscribe: (() => void)[] = [];

  constructor(
    private readonly store: EventStore,
    private readonly db: Database.Database,
    private readonly projector: Pick<Projector, 'waitFor'>,
    private readonly queue: JobQueue<WorkerJobs>,
    private readonly logger: Logger,
  ) {}

  get currentPosition(): number {
    return this.position;
  }

  /**
   * Follows the log from the checkpoint. On the very first start it begins at the head: what
   * the log already holds then (the demo seed) asks for nothing.
   */
  async start(): Promise<void> {
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS rm_checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL);',
    );
    const row = this.db
      .prepare('SELECT position FROM rm_checkpoints WHERE name = ?')
      .get(GEO_REACTOR_CHECKPOINT) as { position: number } | undefined;
    if (row) this.position = row.position;
    else this.save(await this.store.headPosition());
    if (this.queue.kind === 'in-process') await this.resumePending();
    this.subscription = this.store.subscribeToAll(
      this.position,
      async (event) => {
        if (event.position <= this.position) return;
        if (HANDLED.has(event.type)) await this.react(event);
        this.save(event.position);
      },
      {
        onError: (error) =>
          this.logger.error('Réacteur géo en échec, nouvel essai / geo reactor failed, retrying', {
            error,
          }),
      },
    );
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
    for (const unsubscribe of this.unsubscribe.splice(0)) unsubscribe();
  }

  /**
   * The in-process runner loses its waiting jobs when the api stops (a crash, a deploy); the
   * reactor's checkpoint has already passed the events that asked for them. So, in embedded
   * mode, each job is also written to `geo_pending_jobs` before it is enqueued and deleted once
   * it completed or finally failed; at start the rows left are enqueued again.
   */
  private async resumePending(): Promise<void> {
    this.db.exec(
      `CREATE TABLE IF NOT EXISTS geo_pending_jobs (
         job_id TEXT PRIMARY KEY, name TEXT NOT NULL, payload TEXT NOT NULL, options TEXT NOT NULL)`,
    );
    const done = this.db.prepare('DELETE FROM geo_pending_jobs WHERE job_id = ?');
    for (const name of Object.values(GEO_JOB_NAMES))
      this.unsubscribe.push(
        await this.queue.subscribe(name, (event) => {
          if (event.type !== 'progress') done.run(event.jobId);
        }),
      );
    this.durable = true;
    const rows = this.db
      .prepare('SELECT name, payload, options FROM geo_pending_jobs ORDER BY rowid')
      .all() as { name: keyof WorkerJobs; payload: string; options: string }[];
    for (const row of rows)
      await this.queue.enqueue(
        row.name,
        JSON.parse(row.payload) as WorkerJobs[typeof row.name],
        JSON.parse(row.options) as EnqueueOptions,
      );
    if (rows.length)
      this.logger.info('Tâches géo reprises / geo jobs resumed', { count: rows.length });
  }

  private async enqueue<N extends keyof WorkerJobs>(
    name: N,
    payload: WorkerJobs[N],
    options: EnqueueOptions,
  ): Promise<void> {
    if (this.durable)
      this.db
        .prepare(
          'INSERT OR IGNORE INTO geo_pending_jobs (job_id, name, payload, options) VALUES (?, ?, ?, ?)',
        )
        .run(options.jobId, name, JSON.stringify(payload), JSON.stringify(options));
    await this.queue.enqueue(name, payload, options);
  }

  private save(position: number): void {
    this.db
      .prepare(
        'INSERT INTO rm_checkpoints (name, position) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET position = excluded.position',
      )
      .run(GEO_REACTOR_CHECKPOINT, position);
    this.position = position;
  }

  private async react(event: RecordedEvent): Promise<void> {
    const data = event.data as Record<string, unknown>;
    switch (event.type) {
      case 'HostUpdated': {
        const changes = (data.changes ?? {}) as Record<string, unknown>;
        if ('address' in changes || 'addressObject' in changes)
          await this.geocodeHost(String(data.hostId), event.position);
        return;
      }
      case 'HostGeolocated': {
        const hostId = String(data.hostId);
        for (const projectId of await this.projectsOfHost(hostId, event.position))
          await this.proposalDistances(projectId, hostId, event.position, ADDRESS_CHECK_MS);
        return;
      }
      case 'ProposalCreated':
        await this.proposalDistances(
          String(data.idBuy),
          String(data.idSell),
          event.position,
          ADDRESS_CHECK_MS,
        );
        return;
      case 'ProposalDistancesSet': {
        // 'Recalculer': the times cleared with no route (stream proposal-<project>-<host>).
        const pair = /^proposal-([0-9a-f]{24})-([0-9a-f]{24})$/.exec(event.streamId);
        if (!pair || data.lastGeocodingAddress !== null) return;
        await this.proposalDistances(pair[1], pair[2], event.position, ADDRESS_CHECK_MS);
        return;
      }
      case 'ProjectCreated':
      case 'ProjectFieldsChanged': {
        const fields = (event.type === 'ProjectCreated' ? data.fields : data.changes) as
          ProjectFieldChanges | undefined;
        const changed = Object.keys(fields ?? {});
        const work = changed.some((f) => WORK_FIELDS.includes(f));
        const departure = changed.some((f) => DEPARTURE_FIELDS.includes(f));
        if (!work && !departure) return;
        const projectId = String(data.projectId);
        await this.projectDistances(projectId, event.position);
        if (work && event.type === 'ProjectFieldsChanged')
          for (const hostId of await this.hostsOfProject(projectId, event.position))
            await this.proposalDistances(projectId, hostId, event.position, WORK_ADDRESS_CHECK_MS);
        return;
      }
    }
  }

  private async host(hostId: string): Promise<Host> {
    return (await loadStream(this.store, hostStream(hostId), hostDecider)).state;
  }

  private async project(projectId: string): Promise<Project> {
    return (await loadStream(this.store, projectStream(projectId), projectDecider)).state;
  }

  private async geocodeHost(hostId: string, position: number): Promise<void> {
    const host = await this.host(hostId);
    if (!hostNeedsGeocoding(host) || !host.address) return;
    const name = GEO_JOB_NAMES.geocodeHost;
    await this.enqueue(
      name,
      { hostId, address: host.address },
      geoEnqueueOptions(name, hostId, host.address, position, ADDRESS_CHECK_MS),
    );
  }

  private async proposalDistances(
    projectId: string,
    hostId: string,
    position: number,
    delayMs: number,
  ): Promise<void> {
    const [host, project] = await Promise.all([this.host(hostId), this.project(projectId)]);
    // 'Pas d'adresse' / 'Pas d'adresse de travail': nothing to compute yet.
    const key = projectExists(project) ? proposalRouteKey(host, project) : null;
    if (!key) return;
    const name = GEO_JOB_NAMES.proposalDistances;
    await this.enqueue(
      name,
      { projectId, hostId, key },
      geoEnqueueOptions(name, `${projectId}-${hostId}`, key, position, delayMs),
    );
  }

  private async projectDistances(projectId: string, position: number): Promise<void> {
    const project = await this.project(projectId);
    const key = projectExists(project) ? contractualRouteKey(project) : null;
    if (!key) return;
    const name = GEO_JOB_NAMES.projectDistances;
    await this.enqueue(
      name,
      { projectId, key },
      geoEnqueueOptions(name, projectId, key, position, WORK_ADDRESS_CHECK_MS),
    );
  }

  /** The proposals' projects of a host, from the read model once it has read this event. */
  private async projectsOfHost(hostId: string, position: number): Promise<string[]> {
    await this.projector.waitFor(position);
    return this.db
      .prepare('SELECT project_id FROM proposals WHERE host_id = ?')
      .pluck()
      .all(hostId) as string[];
  }

  private async hostsOfProject(projectId: string, position: number): Promise<string[]> {
    await this.projector.waitFor(position);
    return this.db
      .prepare('SELECT host_id FROM proposals WHERE project_id = ?')
      .pluck()
      .all(projectId) as string[];
  }
}
