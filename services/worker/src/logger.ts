/**
 * A small structured logger: one JSON object per line on stdout, in pino's shape (`level` as a
 * number, `time` in ms, `msg`), so pino tooling reads it. LOG_LEVEL as in infra/ENVIRONMENT.md.
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
  write?: (line: string) => void;
  now?: () => number;
}

export function createLogger(options: LoggerOptions): Logger {
  const threshold = LEVELS[options.level as LogLevel] ?? LEVELS.info;
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const now = options.now ?? Date.now;
  const log =
    (level: LogLevel) =>
    (msg: string, fields: LogFields = {}) => {
      if (LEVELS[level] < threshold) return;
      const entry = { level: LEVELS[level], time: now(), name: options.name, msg, ...fields };
      write(JSON.stringify(entry, (_key, value: unknown) => serializeError(value)));
    };
  return { error: log('error'), warn: log('warn'), info: log('info'), debug: log('debug') };
}

function serializeError(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  return { type: value.name, message: value.message, stack: value.stack };
}
