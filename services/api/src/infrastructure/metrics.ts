import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { EventStore } from '@reloc/eventstore';
import type { JobQueue, WorkerJobs } from '@reloc/worker';
import { processors } from '@reloc/worker';
import type { Projector } from './projector';

/** What a command came to (reloc_commands_total{outcome}). */
export type CommandOutcome = 'accepted' | 'unchanged' | 'refused' | 'conflict' | 'error';

/** The scheduled backups' state, read at each scrape. */
export type BackupGaugeSource = () => { ageSeconds: number | null; lastOk: boolean | null };

/**
 * The Prometheus metrics of one api (GET /metrics, issue 16). Its own registry, so that several
 * apps in one process (the tests) do not mix their counts. Label values are bounded: the route
 * pattern, never the raw URL; the command type; the job name.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly duration: Histogram<'method' | 'route' | 'status'>;
  private readonly commands: Counter<'type' | 'outcome'>;
  private readonly appendSeconds: Histogram;
  private readonly jobs: Counter<'name' | 'result'>;

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'reloc_' });
    this.requests = new Counter({
      name: 'reloc_http_requests_total',
      help: 'HTTP requests by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    this.duration = new Histogram({
      name: 'reloc_http_request_duration_seconds',
      help: 'HTTP request latency by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.commands = new Counter({
      name: 'reloc_commands_total',
      help: 'Commands by type and outcome (accepted, unchanged, refused, conflict, error)',
      labelNames: ['type', 'outcome'],
      registers: [this.registry],
    });
    this.appendSeconds = new Histogram({
      name: 'reloc_eventstore_append_duration_seconds',
      help: 'Latency of event-store appends',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers: [this.registry],
    });
    this.jobs = new Counter({
      name: 'reloc_jobs_total',
      help: 'Jobs by name and result (enqueued, completed, failed: no attempt left)',
      labelNames: ['name', 'result'],
      registers: [this.registry],
    });
  }

  /** Express middleware: counts and times each request under its route pattern. */
  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const route = (req.route as { path?: string } | undefined)?.path;
      const labels = {
        method: req.method,
        route: route
          ? `${req.baseUrl}${route}`
          : req.originalUrl.split('?')[0] === '/metrics'
            ? '/metrics'
            : 'unmatched',
        status: String(res.statusCode),
      };
      this.requests.inc(labels);
      this.duration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };

  command(type: string, outcome: CommandOutcome): void {
    this.commands.inc({ type, outcome });
  }

  /** Times every append of this store (the one the commands write through). */
  instrumentStore<S extends EventStore>(store: S): S {
    const append = store.appendToStream.bind(store);
    store.appendToStream = async (...args) => {
      const stop = this.appendSeconds.startTimer();
      try {
        return await append(...args);
      } finally {
        stop();
      }
    };
    return store;
  }

  /** Position and lag of the read models, read from the projector at each scrape. */
  watchProjector(projector: Projector, store: EventStore): void {
    const position = new Gauge({
      name: 'reloc_projector_position',
      help: 'Last log position applied to each read model',
      labelNames: ['read_model'],
      registers: [this.registry],
      collect() {
        for (const model of projector.readModels)
          this.set({ read_model: model.name }, projector.currentPosition);
      },
    });
    new Gauge({
      name: 'reloc_projector_lag_events',
      help: 'Events of the log not yet applied to each read model',
      labelNames: ['read_model'],
      registers: [this.registry],
      async collect() {
        const head = await store.headPosition().catch(() => null);
        if (head === null) return;
        for (const model of projector.readModels)
          this.set({ read_model: model.name }, Math.max(0, head - projector.currentPosition));
      },
    });
    new Gauge({
      name: 'reloc_eventstore_head_position',
      help: 'Position of the last event of the log',
      registers: [this.registry],
      async collect() {
        const head = await store.headPosition().catch(() => null);
        if (head !== null) this.set(head);
      },
    });
    void position;
  }

  /**
   * Enqueues, completions and final failures of every job name (wherever they run), and the
   * depth of each queue: jobs waiting, delayed or running (with BullMQ, across the workers).
   */
  async watchJobs(queue: JobQueue<WorkerJobs>): Promise<void> {
    const enqueue = queue.enqueue.bind(queue);
    queue.enqueue = async (name, payload, options) => {
      const id = await enqueue(name, payload, options);
      this.jobs.inc({ name, result: 'enqueued' });
      return id;
    };
    const names = Object.keys(processors) as (keyof WorkerJobs)[];
    for (const name of names)
      await queue.subscribe(name, (event) => {
        if (event.type === 'completed' || event.type === 'failed')
          this.jobs.inc({ name, result: event.type });
      });
    new Gauge({
      name: 'reloc_job_queue_depth',
      help: 'Jobs waiting, delayed or running, by name',
      labelNames: ['name'],
      registers: [this.registry],
      async collect() {
        for (const name of names) {
          const depth = await queue.depth(name).catch(() => null);
          if (depth === null) this.remove({ name });
          else this.set({ name }, depth);
        }
      },
    });
  }

  watchBackups(source: BackupGaugeSource): void {
    new Gauge({
      name: 'reloc_backup_age_seconds',
      help: 'Seconds since the last successful scheduled backup (absent when none)',
      registers: [this.registry],
      collect() {
        this.reset();
        const { ageSeconds } = source();
        if (ageSeconds !== null) this.set(ageSeconds);
      },
    });
    new Gauge({
      name: 'reloc_backup_last_success',
      help: '1 when the last scheduled backup succeeded, 0 when it failed (absent when none)',
      registers: [this.registry],
      collect() {
        this.reset();
        const { lastOk } = source();
        if (lastOk !== null) this.set(lastOk ? 1 : 0);
      },
    });
  }
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * GET /metrics. With RELOC_METRICS_TOKEN: `Authorization: Bearer <token>` from anywhere;
 * without: loopback callers only, and not through a proxy (a forwarded request came from
 * elsewhere even when the proxy is on this machine).
 */
export function metricsHandler(metrics: Metrics, token: string | null) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (token) {
      const given = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1] ?? '';
      const a = Buffer.from(given);
      const b = Buffer.from(token);
      if (a.length !== b.length || !timingSafeEqual(a, b)) {
        res
          .status(401)
          .set('WWW-Authenticate', 'Bearer')
          .json({ message: 'Jeton des métriques manquant ou invalide.' });
        return;
      }
    } else {
      const local =
        LOOPBACK.has(req.socket.remoteAddress ?? '') &&
        !req.get('x-forwarded-for') &&
        !req.get('forwarded');
      if (!local) {
        res.status(403).json({
          message:
            'Métriques accessibles depuis cette machine seulement ; définissez RELOC_METRICS_TOKEN pour les lire d’ailleurs.',
        });
        return;
      }
    }
    res.set('Content-Type', metrics.registry.contentType);
    res.send(await metrics.registry.metrics());
  };
}
