import { Writable } from 'node:stream';

/**
 * How the API and the worker write their logs (LOG_FORMAT): 'json', one pino JSON line per log
 * (the Docker images and any log collector), or 'pretty', a short line for a person in a
 * terminal: time, level, message (issue 15 point 30: what `npm start` shows under its banner).
 * The api's pino goes through humanLogStream, the worker's logger through humanLogLine.
 */
export type LogFormat = 'json' | 'pretty';

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

const two = (n: number) => String(n).padStart(2, '0');

/** One pino JSON line as `HH:MM:SS LEVEL [context] message (error)`; other text unchanged. */
export function humanLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (!entry || typeof entry !== 'object') return line;
  const date = new Date(typeof entry.time === 'number' ? entry.time : Date.now());
  const time = `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
  const level = (LEVELS[Number(entry.level)] ?? String(entry.level ?? '')).padEnd(5);
  const context = typeof entry.context === 'string' ? `[${entry.context}] ` : '';
  // pino's `err`, or the worker logger's `error` (an Error serialized, or a text).
  const err = (entry.err ?? entry.error) as { message?: unknown } | string | undefined;
  const errMessage = typeof err === 'string' ? err : err?.message;
  let message = typeof entry.msg === 'string' ? entry.msg : '';
  if (typeof errMessage === 'string' && errMessage && !message.includes(errMessage))
    message = message ? `${message} (${errMessage})` : errMessage;
  const req = entry.req as { method?: unknown; url?: unknown } | undefined;
  const res = entry.res as { statusCode?: unknown } | undefined;
  if (!message && req?.method) message = `${String(req.method)} ${String(req.url ?? '')}`;
  if (res?.statusCode !== undefined) message += ` → ${String(res.statusCode)}`;
  return `${time} ${level} ${context}${message}`.trimEnd();
}

/** A destination for pino that writes the human lines to `out` (stdout by default). */
export function humanLogStream(out: NodeJS.WritableStream = process.stdout): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) out.write(`${humanLogLine(line)}\n`);
      done();
    },
    final(done) {
      if (pending.trim()) out.write(`${humanLogLine(pending)}\n`);
      done();
    },
  });
}

export function parseLogFormat(value: string | undefined): LogFormat {
  return value?.trim().toLowerCase() === 'pretty' ? 'pretty' : 'json';
}
