import Database from 'better-sqlite3';
import { InProcessJobQueue, WorkerJobs } from '@reloc/worker';
import { Metrics } from '../src/infrastructure/metrics';

describe('job metrics: enqueues, completions, final failures and queue depth (issue 16 point 5)', () => {
  it('counts each job by name and result, and reads the depth from the pending list', async () => {
    const metrics = new Metrics();
    const queue = new InProcessJobQueue<WorkerJobs>({ onError: () => undefined });
    const db = new Database(':memory:');
    db.exec(
      'CREATE TABLE geo_pending_jobs (job_id TEXT PRIMARY KEY, name TEXT, payload TEXT, options TEXT)',
    );
    db.prepare(
      "INSERT INTO geo_pending_jobs VALUES ('a', 'geo.geocodeHost', '{}', '{}'), ('b', 'geo.geocodeHost', '{}', '{}')",
    ).run();
    await metrics.watchJobs(queue, db);
    let runs = 0;
    await queue.process('maintenance.ping', () => {
      runs += 1;
      if (runs > 1) throw new Error('panne');
    });
    const finished = new Promise<void>((done) => {
      let seen = 0;
      void queue.subscribe('maintenance.ping', (event) => {
        if (event.type !== 'progress' && ++seen === 2) done();
      });
    });
    await queue.enqueue('maintenance.ping', { at: 'un' } as never, { attempts: 1 });
    await queue.enqueue('maintenance.ping', { at: 'deux' } as never, { attempts: 1 });
    await finished;
    const text = await metrics.registry.metrics();
    expect(text).toContain('reloc_jobs_total{name="maintenance.ping",result="enqueued"} 2');
    expect(text).toContain('reloc_jobs_total{name="maintenance.ping",result="completed"} 1');
    expect(text).toContain('reloc_jobs_total{name="maintenance.ping",result="failed"} 1');
    expect(text).toContain('reloc_job_queue_depth{name="geo.geocodeHost"} 2');
    expect(text).toContain('reloc_job_queue_depth{name="geo.projectDistances"} 0');
    await queue.close();
    db.close();
  });
});
