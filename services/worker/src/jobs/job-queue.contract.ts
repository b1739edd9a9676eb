import { JobEvent, JobQueue, JobQueueClosedError } from './job-queue';

/** The jobs the contract suite enqueues. */
export type ContractJobs = {
  'contract.echo': { text: string; n: number; tags: string[] };
  'contract.flaky': { failures: number };
  'contract.gated': { index: number };
  'contract.progress': { steps: number };
};

export const CONTRACT_JOB_NAMES = [
  'contract.echo',
  'contract.flaky',
  'contract.gated',
  'contract.progress',
] as const satisfies readonly (keyof ContractJobs)[];

export type JobQueueFixture = {
  queue: JobQueue<ContractJobs>;
  /** Closes the queue if the test did not, and removes whatever the test left behind. */
  teardown: () => Promise<void>;
};

const TIMEOUT_MS = 30_000;
/** Timers and clocks may disagree by a millisecond or two: only lower bounds are checked. */
const CLOCK_TOLERANCE_MS = 5;

/**
 * The behaviour every JobQueue adapter must show. Each test gets a fresh queue from `setup`;
 * waits are on events, never on sleeps.
 */
export function jobQueueContract(name: string, setup: () => Promise<JobQueueFixture>): void {
  describe(name, () => {
    let fixture: JobQueueFixture;
    let queue: JobQueue<ContractJobs>;

    beforeEach(async () => {
      fixture = await setup();
      queue = fixture.queue;
    });
    afterEach(() => fixture.teardown());

    test(
      'counts the jobs not finished yet (depth), down to 0 once they completed',
      async () => {
        const events = await record(queue, 'contract.echo');
        expect(await queue.depth('contract.echo')).toBe(0);
        const ids = [];
        for (let n = 0; n < 3; n++)
          ids.push(await queue.enqueue('contract.echo', { text: `d${n}`, n, tags: [] }));
        expect(await queue.depth('contract.echo')).toBe(3);
        expect(await queue.depth('contract.flaky')).toBe(0);
        await queue.process('contract.echo', () => undefined);
        for (const id of ids) await events.until(completed(id));
        expect(await queue.depth('contract.echo')).toBe(0);
      },
      TIMEOUT_MS,
    );

    test(
      'runs a job once with its payload, also when enqueued before the handler exists',
      async () => {
        const events = await record(queue, 'contract.echo');
        const runs: unknown[] = [];
        const payload = { text: 'Déménagement à Lyon', n: 42, tags: ['visite', 'bail'] };

        const id = await queue.enqueue('contract.echo', payload);
        await queue.process('contract.echo', (received, context) => {
          const { jobId, name, attempt, maxAttempts } = context;
          runs.push({ received, jobId, name, attempt, maxAttempts });
        });
        await events.until(completed(id));
        // A later job through the same single-slot handler: a second run of the first would
        // have happened by the time this one completes.
        const fence = await queue.enqueue('contract.echo', { text: 'fence', n: 0, tags: [] });
        await events.until(completed(fence));

        expect(typeof id).toBe('string');
        expect(fence).not.toBe(id);
        expect(runs[0]).toEqual({
          received: payload,
          jobId: id,
          name: 'contract.echo',
          attempt: 1,
          maxAttempts: 1,
        });
        expect(runs).toHaveLength(2);
        expect(typesOf(events.items, id)).toEqual(['completed']);
      },
      TIMEOUT_MS,
    );

    test(
      'retries a failing job up to `attempts`, with exponential backoff, then reports it failed',
      async () => {
        const events = await record(queue, 'contract.flaky');
        const runs: { attempt: number; maxAttempts: number; at: number }[] = [];
        await queue.process('contract.flaky', ({ failures }, { attempt, maxAttempts }) => {
          runs.push({ attempt, maxAttempts, at: Date.now() });
          if (attempt <= failures) throw new Error(`échec ${attempt}`);
        });

        const id = await queue.enqueue(
          'contract.flaky',
          { failures: 99 },
          { attempts: 3, backoffMs: 40 },
        );
        const failed = await events.until(failedEvent(id));

        expect(failed).toEqual({
          type: 'failed',
          name: 'contract.flaky',
          jobId: id,
          error: 'échec 3',
          attemptsMade: 3,
        });
        expect(runs.map((run) => [run.attempt, run.maxAttempts])).toEqual([
          [1, 3],
          [2, 3],
          [3, 3],
        ]);
        expect(runs[1].at - runs[0].at).toBeGreaterThanOrEqual(40 - CLOCK_TOLERANCE_MS);
        expect(runs[2].at - runs[1].at).toBeGreaterThanOrEqual(80 - CLOCK_TOLERANCE_MS);
        expect(typesOf(events.items, id)).toEqual(['failed']);
      },
      TIMEOUT_MS,
    );

    test(
      'completes a job that succeeds on a retry; fails one without retries at its first error',
      async () => {
        const events = await record(queue, 'contract.flaky');
        const attempts: Record<string, number[]> = {};
        await queue.process('contract.flaky', ({ failures }, { jobId, attempt }) => {
          (attempts[jobId] ??= []).push(attempt);
          if (attempt <= failures) throw `texte ${attempt}`;
        });

        const recovering = await queue.enqueue(
          'contract.flaky',
          { failures: 1 },
          { attempts: 3, backoffMs: 10 },
        );
        const single = await queue.enqueue('contract.flaky', { failures: 1 });
        await events.until(completed(recovering));
        const failed = await events.until(failedEvent(single));

        expect(attempts[recovering]).toEqual([1, 2]);
        expect(attempts[single]).toEqual([1]);
        expect(failed).toMatchObject({ error: 'texte 1', attemptsMade: 1 });
        expect(typesOf(events.items, recovering)).toEqual(['completed']);
      },
      TIMEOUT_MS,
    );

    test(
      'runs a job once when its jobId is enqueued again, waiting or finished',
      async () => {
        const events = await record(queue, 'contract.echo');
        const runs: { jobId: string; text: string }[] = [];
        const echo = (text: string) => ({ text, n: 0, tags: [] });
        const colon = 'geocode:1';

        const ids = [
          await queue.enqueue('contract.echo', echo('first'), { jobId: colon }),
          await queue.enqueue('contract.echo', echo('second'), { jobId: colon, attempts: 5 }),
          await queue.enqueue('contract.echo', echo('numeric'), { jobId: '42' }),
          await queue.enqueue('contract.echo', echo('numeric again'), { jobId: '42' }),
          await queue.enqueue('contract.echo', echo('escaped'), { jobId: 'geocode%3A1' }),
        ];
        await queue.process('contract.echo', ({ text }, { jobId }) => {
          runs.push({ jobId, text });
        });
        for (const id of new Set(ids)) await events.until(completed(id));
        expect(await queue.enqueue('contract.echo', echo('after'), { jobId: colon })).toBe(colon);
        const fence = await queue.enqueue('contract.echo', echo('fence'));
        await events.until(completed(fence));

        expect(ids).toEqual([colon, colon, '42', '42', 'geocode%3A1']);
        expect(runs).toEqual([
          { jobId: colon, text: 'first' },
          { jobId: '42', text: 'numeric' },
          { jobId: 'geocode%3A1', text: 'escaped' },
          { jobId: fence, text: 'fence' },
        ]);
        expect(typesOf(events.items, colon)).toEqual(['completed']);
      },
      TIMEOUT_MS,
    );

    test(
      'runs at most `concurrency` jobs of a name at once, and uses all of them',
      async () => {
        const events = await record(queue, 'contract.gated');
        const count = 5;
        const gates = Array.from({ length: count }, () => deferred());
        const started = new Watch<number>();
        let active = 0;
        let maxActive = 0;
        await queue.process(
          'contract.gated',
          async ({ index }) => {
            active += 1;
            maxActive = Math.max(maxActive, active);
            started.push(index);
            await gates[index].promise;
            active -= 1;
          },
          { concurrency: 2 },
        );

        const ids: string[] = [];
        try {
          for (let index = 0; index < count; index += 1) {
            ids.push(await queue.enqueue('contract.gated', { index }));
          }
          await started.until((items) => items.length >= 2);
          expect(active).toBe(2);
          // Free one slot at a time, oldest first; the next job must take it.
          for (let k = 0; k < count; k += 1) {
            gates[started.items[k]].resolve();
            if (k + 2 < count) await started.until((items) => items.length >= k + 3);
          }
          for (const id of ids) await events.until(completed(id));
        } finally {
          // Lets a failing run finish, so that teardown's close() does not wait forever.
          for (const gate of gates) gate.resolve();
        }

        expect(maxActive).toBe(2);
        expect([...started.items].sort()).toEqual([0, 1, 2, 3, 4]);
      },
      TIMEOUT_MS,
    );

    test(
      'delivers progress to listeners while the job runs; unsubscribe stops delivery',
      async () => {
        const events = await record(queue, 'contract.progress');
        const early: JobEvent[] = [];
        const unsubscribe = await queue.subscribe('contract.progress', (e) => early.push(e));
        const release = deferred();
        const refused: string[] = [];
        await queue.process('contract.progress', async (_payload, context) => {
          await context.progress(25);
          await release.promise;
          for (const bad of [-1, 101, Number.NaN]) {
            await context.progress(bad).catch((error: Error) => refused.push(error.name));
          }
          await context.progress(100);
        });

        const id = await queue.enqueue('contract.progress', { steps: 2 });
        const first = await events.until((e) => e.jobId === id && e.type === 'progress');
        expect(first).toEqual({
          type: 'progress',
          name: 'contract.progress',
          jobId: id,
          percent: 25,
        });
        unsubscribe();
        release.resolve();
        await events.until(completed(id));

        expect(events.items.filter((e) => e.jobId === id)).toEqual([
          { type: 'progress', name: 'contract.progress', jobId: id, percent: 25 },
          { type: 'progress', name: 'contract.progress', jobId: id, percent: 100 },
          { type: 'completed', name: 'contract.progress', jobId: id },
        ]);
        expect(refused).toEqual(['RangeError', 'RangeError', 'RangeError']);
        expect(early).toEqual([first]);
      },
      TIMEOUT_MS,
    );

    test(
      'starts a delayed job no earlier than `delayMs` after it was enqueued',
      async () => {
        const events = await record(queue, 'contract.echo');
        const startedAt = deferred<number>();
        await queue.process('contract.echo', () => startedAt.resolve(Date.now()));

        const enqueuedAt = Date.now();
        const id = await queue.enqueue(
          'contract.echo',
          { text: '', n: 0, tags: [] },
          { delayMs: 150 },
        );
        await events.until(completed(id));

        expect((await startedAt.promise) - enqueuedAt).toBeGreaterThanOrEqual(
          150 - CLOCK_TOLERANCE_MS,
        );
      },
      TIMEOUT_MS,
    );

    test(
      'close() refuses new work at once, waits for the active job, and can be called again',
      async () => {
        const started = deferred();
        const release = deferred();
        const order: string[] = [];
        await queue.process('contract.gated', async () => {
          started.resolve();
          await release.promise;
          order.push('handler finished');
        });
        await queue.enqueue('contract.gated', { index: 0 });
        await started.promise;

        const closed = queue.close().then(() => order.push('closed'));
        await expect(queue.enqueue('contract.gated', { index: 1 })).rejects.toThrow(
          JobQueueClosedError,
        );
        await expect(queue.process('contract.echo', () => undefined)).rejects.toThrow(
          JobQueueClosedError,
        );
        await expect(queue.subscribe('contract.echo', () => undefined)).rejects.toThrow(
          JobQueueClosedError,
        );
        release.resolve();
        await closed;

        expect(order).toEqual(['handler finished', 'closed']);
        await expect(queue.close()).resolves.toBeUndefined();
      },
      TIMEOUT_MS,
    );

    test(
      'rejects bad options and a second handler for the same name',
      async () => {
        const payload = { text: '', n: 0, tags: [] };
        for (const options of [
          { attempts: 0 },
          { attempts: 1.5 },
          { backoffMs: -1 },
          { delayMs: 0.5 },
        ]) {
          await expect(queue.enqueue('contract.echo', payload, options)).rejects.toThrow(
            RangeError,
          );
        }
        await expect(queue.enqueue('contract.echo', payload, { jobId: '' })).rejects.toThrow(
          TypeError,
        );
        await expect(
          queue.process('contract.echo', () => undefined, { concurrency: 0 }),
        ).rejects.toThrow(RangeError);
        await queue.process('contract.echo', () => undefined);
        await expect(queue.process('contract.echo', () => undefined)).rejects.toThrow(
          /already registered/,
        );
      },
      TIMEOUT_MS,
    );
  });
}

/** Items pushed over time, and promises that resolve once the items satisfy a predicate. */
class Watch<T> {
  readonly items: T[] = [];
  private waiters: { check: () => boolean; resolve: () => void }[] = [];

  push(item: T): void {
    this.items.push(item);
    this.waiters = this.waiters.filter((waiter) => {
      if (!waiter.check()) return true;
      waiter.resolve();
      return false;
    });
  }

  until(predicate: (items: T[]) => boolean): Promise<void> {
    return new Promise((resolve) => {
      const check = () => predicate(this.items);
      if (check()) resolve();
      else this.waiters.push({ check, resolve });
    });
  }
}

class EventWatch extends Watch<JobEvent> {
  /** The first event, past or future, that matches. */
  async first(predicate: (event: JobEvent) => boolean): Promise<JobEvent> {
    await this.until((items) => items.some(predicate));
    return this.items.find(predicate) as JobEvent;
  }
}

async function record(
  queue: JobQueue<ContractJobs>,
  name: keyof ContractJobs,
): Promise<{ items: JobEvent[]; until: (p: (e: JobEvent) => boolean) => Promise<JobEvent> }> {
  const watch = new EventWatch();
  await queue.subscribe(name, (event) => watch.push(event));
  return { items: watch.items, until: (predicate) => watch.first(predicate) };
}

const completed = (jobId: string) => (e: JobEvent) => e.jobId === jobId && e.type === 'completed';
const failedEvent = (jobId: string) => (e: JobEvent) => e.jobId === jobId && e.type === 'failed';
const typesOf = (events: JobEvent[], jobId: string) =>
  events.filter((e) => e.jobId === jobId && e.type !== 'progress').map((e) => e.type);

function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
