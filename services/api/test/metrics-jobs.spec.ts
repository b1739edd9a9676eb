import { InProcessJobQueue, WorkerJobs } from '@reloc/worker';
import { Metrics } from '../src/infrastructure/metrics';

describe('job metrics: enqueues, completions, final failures and queue depth (issue 16 point 5)', () => {
  it('counts each job by name and result, and the jobs not finished yet', async () => {
    const metrics = new Metrics();
    const queue = new InProcessJobQueue<WorkerJobs>({ onError: () => undefined });
    await metrics.watchJobs(queue);
    // Not processed in this test: they stay waiting.
    await queue.enqueue('geo.geocodeHost', {} as never);
    await queue.enqueue('geo.geocodeHost', {} as never, { delayMs: 60_000 });
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
    await queue.enqueue('maintenance.ping', {} as never);
    await queue.enqueue('maintenance.ping', {} as never);
    await finished;
    const text = await metrics.registry.metrics();
    expect(text).toContain('reloc_jobs_total{name="maintenance.ping",result="enqueued"} 2');
    expect(text).toContain('reloc_jobs_total{name="maintenance.ping",result="completed"} 1');
    expect(text).toContain('reloc_jobs_total{name="maintenance.ping",result="failed"} 1');
    expect(text).toContain('reloc_job_queue_depth{name="geo.geocodeHost"} 2');
    expect(text).toContain('reloc_job_queue_depth{name="maintenance.ping"} 0');
    expect(text).toContain('reloc_job_queue_depth{name="geo.projectDistances"} 0');
    await queue.close();
  });
});
