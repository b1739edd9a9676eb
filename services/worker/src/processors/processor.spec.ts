import { InProcessJobQueue } from '../jobs/in-process-job-queue';
import type { Logger, LogFields } from '../logger';
import { registerProcessors } from './processor';

type Jobs = { 'demo.ok': { n: number }; 'demo.fail': { n: number } };

/** Keeps every line it is given. */
function recordingLogger(lines: { level: string; message: string; fields?: LogFields }[]): Logger {
  const at =
    (level: string) =>
    (message: string, fields?: LogFields): void => {
      lines.push({ level, message, fields });
    };
  const logger = {
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
  } as unknown as Logger;
  return logger;
}

describe('registerProcessors: one log line per job', () => {
  it('logs queue, id, attempt, duration and outcome of each attempt', async () => {
    const lines: { level: string; message: string; fields?: LogFields }[] = [];
    const queue = new InProcessJobQueue<Jobs>();
    const finished: string[] = [];
    await queue.subscribe('demo.ok', (e) => e.type === 'completed' && finished.push('ok'));
    await queue.subscribe('demo.fail', (e) => e.type === 'failed' && finished.push('fail'));
    await registerProcessors<Jobs>(
      queue,
      {
        'demo.ok': { concurrency: 1, handle: async () => undefined },
        'demo.fail': {
          concurrency: 1,
          handle: async () => {
            throw new Error('boom');
          },
        },
      },
      { logger: recordingLogger(lines) },
    );
    await queue.enqueue('demo.ok', { n: 1 }, { jobId: 'ok-1' });
    await queue.enqueue('demo.fail', { n: 2 }, { jobId: 'fail-1', attempts: 2, backoffMs: 1 });
    const deadline = Date.now() + 5000;
    while (finished.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    await queue.close();

    const jobLines = lines.filter((line) => line.fields?.jobId);
    expect(
      jobLines.map((l) => [
        l.level,
        l.fields?.queue,
        l.fields?.jobId,
        l.fields?.attempt,
        l.fields?.outcome,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['info', 'demo', 'ok-1', 1, 'done'],
        ['warn', 'demo', 'fail-1', 1, 'retry'],
        ['error', 'demo', 'fail-1', 2, 'failed'],
      ]),
    );
    expect(jobLines).toHaveLength(3);
    for (const line of jobLines) expect(typeof line.fields?.durationMs).toBe('number');
  });
});
