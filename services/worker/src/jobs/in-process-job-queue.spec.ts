import { createJobQueue } from './create-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';
import { JobEvent } from './job-queue';
import { ContractJobs, jobQueueContract } from './job-queue.contract';

jobQueueContract('InProcessJobQueue contract', async () => {
  const queue = new InProcessJobQueue<ContractJobs>();
  return { queue, teardown: () => queue.close() };
});

describe('InProcessJobQueue', () => {
  test('forgets finished jobs after the retention, so their ids run again', async () => {
    let now = 1_000_000;
    const queue = new InProcessJobQueue<ContractJobs>({
      now: () => now,
      retention: { completedMs: 60_000, failedMs: 120_000 },
    });
    const runs: string[] = [];
    let notify = () => undefined as void;
    const nextCompletion = () => new Promise<void>((resolve) => (notify = resolve));
    await queue.subscribe('contract.echo', (event) => event.type === 'completed' && notify());
    await queue.process('contract.echo', ({ text }) => {
      runs.push(text);
    });
    const echo = (text: string) => ({ text, n: 0, tags: [] });

    let completion = nextCompletion();
    await queue.enqueue('contract.echo', echo('one'), { jobId: 'same' });
    await completion;
    now += 59_999;
    await queue.enqueue('contract.echo', echo('kept'), { jobId: 'same' });
    now += 1;
    completion = nextCompletion();
    await queue.enqueue('contract.echo', echo('two'), { jobId: 'same' });
    await completion;
    await queue.close();

    expect(runs).toEqual(['one', 'two']);
  });

  test('gives each run its own copy of the payload, as JSON', async () => {
    const queue = new InProcessJobQueue<{ 'copy.check': { tags: string[]; at?: unknown } }>();
    const received: unknown[] = [];
    const finished = new Promise<void>((resolve) => {
      void queue.subscribe('copy.check', (event) => event.type === 'completed' && resolve());
    });
    await queue.process('copy.check', (payload) => {
      received.push(payload);
      payload.tags.push('mutated');
    });
    const payload = { tags: ['a'], at: new Date('2026-01-02T03:04:05.000Z') };
    await queue.enqueue('copy.check', payload);
    await finished;
    await queue.close();

    expect(received).toEqual([{ tags: ['a', 'mutated'], at: '2026-01-02T03:04:05.000Z' }]);
    expect(payload.tags).toEqual(['a']);
  });

  test('close() drops the waiting and delayed jobs and leaves no timer behind', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    const queue = new InProcessJobQueue<ContractJobs>();
    await queue.enqueue('contract.echo', { text: 'waiting', n: 0, tags: [] });
    await queue.enqueue('contract.echo', { text: 'delayed', n: 0, tags: [] }, { delayMs: 60_000 });
    expect(timers()).toBe(before + 1);
    await queue.close();
    expect(timers()).toBe(before);
    await expect(queue.process('contract.echo', () => undefined)).rejects.toThrow('closed');
  });

  test('a listener that throws is reported and does not stop the others', async () => {
    const errors: string[] = [];
    const queue = new InProcessJobQueue<ContractJobs>({
      onError: (error, context) => errors.push(`${context}: ${error.message}`),
    });
    const seen = new Promise<JobEvent>((resolve) => {
      void queue.subscribe('contract.echo', () => {
        throw new Error('listener bug');
      });
      void queue.subscribe('contract.echo', resolve);
    });
    await queue.process('contract.echo', () => undefined);
    const id = await queue.enqueue('contract.echo', { text: '', n: 0, tags: [] });
    expect(await seen).toEqual({ type: 'completed', name: 'contract.echo', jobId: id });
    await queue.close();
    expect(errors).toEqual(['listener of contract.echo threw on completed: listener bug']);
  });
});

describe('createJobQueue', () => {
  test('runs jobs in-process when REDIS_URL is not set', async () => {
    for (const env of [{}, { REDIS_URL: '' }, { REDIS_URL: '  ' }]) {
      const queue = createJobQueue<ContractJobs>(env);
      expect(queue.kind).toBe('in-process');
      await queue.close();
    }
  });
});
