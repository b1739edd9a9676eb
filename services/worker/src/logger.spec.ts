import { humanLogLine } from './log-format';
import { createLogger, workerLoggerFromEnv } from './logger';

describe('worker logs: LOG_FORMAT as the api', () => {
  const time = new Date(2026, 10, 25, 9, 5, 7).getTime();

  it('writes pino JSON lines by default and with LOG_FORMAT=json', () => {
    for (const env of [{}, { LOG_FORMAT: 'json' }, { LOG_FORMAT: 'autre' }]) {
      const lines: string[] = [];
      workerLoggerFromEnv(env, (line) => lines.push(line)).warn('job failed', { jobId: 'j1' });
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0])).toMatchObject({
        level: 40,
        name: 'reloc-worker',
        msg: 'job failed',
        jobId: 'j1',
      });
    }
  });

  it('writes the api’s short human line with LOG_FORMAT=pretty', () => {
    const lines: string[] = [];
    const logger = createLogger({
      name: 'reloc-worker',
      format: 'pretty',
      now: () => time,
      write: (line) => lines.push(line),
    });
    logger.info('worker started');
    logger.error('job failed', { error: new Error('EACCES') });
    logger.warn('redis down', { error: 'ECONNREFUSED: connect' });
    expect(lines).toEqual([
      '09:05:07 INFO  worker started',
      '09:05:07 ERROR job failed (EACCES)',
      '09:05:07 WARN  redis down (ECONNREFUSED: connect)',
    ]);
    // The very line the api writes for the same pino entry.
    expect(lines[0]).toBe(humanLogLine(JSON.stringify({ level: 30, time, msg: 'worker started' })));
  });

  it('reads LOG_FORMAT and LOG_LEVEL from the environment', () => {
    const lines: string[] = [];
    const logger = workerLoggerFromEnv({ LOG_FORMAT: ' Pretty ', LOG_LEVEL: 'warn' }, (line) =>
      lines.push(line),
    );
    logger.info('hidden');
    logger.warn('visible');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d WARN {2}visible$/);
  });
});
