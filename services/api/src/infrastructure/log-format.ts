// LOG_FORMAT, shared with the worker (services/worker/src/log-format.ts).
export { humanLogLine, humanLogStream, parseLogFormat } from '@reloc/worker';
export type { LogFormat } from '@reloc/worker';
