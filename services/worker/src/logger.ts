import { humanLogLine, parseLogFormat } from './log-format';

/**
 * A small structured logger: one JSON object per line on stdout, in pino's shape (`level` as a
 * number, `time` in ms, `msg`), so pino tooling reads it; with LOG_FORMAT=pretty the api's short
 * human line instead (log-format.ts). LOG_LEVEL and LOG_FORMAT as in infra/ENVIRONMENT.md.
 */
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
export type LogFields = Record<string, unknown>;

export interface Logger {
  error(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  debug(msg: string, fields?: LogFields): void;
}

const LEVELS: Record<LogLevel, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};

export interface LoggerOptions {
  name: string;
  /** Default `info`; an unknown name also means `info`. */
  level?: string;
  /** LOG_FORMAT: 'json' (the default; an unknown value too) or 'pretty'. */
  format?: string;
  write?: (line: string) => void;
  now?: () => number;
}

export function createLogger(options: LoggerOptions): Logger {
  const threshold = LEVELS[options.level as LogLevel] ?? LEVELS.info;
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const now = options.now ?? Date.now;
  const pretty = parseLogFormat(options.format) === 'pretty';
  const log =
    (level: LogLevel) =>
    (msg: string, fields: LogFields = {}) => {
      if (LEVELS[level] < threshold) return;
      const entry = { level: LEVELS[level], time: now(), name: options.name, msg, ...fields };
      const line = JSON.stringify(entry, (_key, value: unknown) => serializeError(value));
      write(pretty ? humanLogLine(line) : line);
    };
  return { error: log('error'), warn: log('warn'), info: log('info'), debug: log('debug') };
}

/** The worker process's logger: LOG_LEVEL and LOG_FORMAT, as the api reads them. */
export function workerLoggerFromEnv(
  env: NodeJS.ProcessEnv,
  write?: (line: string) => void,
): Logger {
  return createLogger({
    name: 'reloc-worker',
    level: env.LOG_LEVEL,
    format: env.LOG_FORMAT,
    write,
  });
}

function serializeError(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  return { type: value.name, message: value.message, stack: value.stack };
}
