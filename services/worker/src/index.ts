// What other projects use: the job port and its adapters, and the processors, which the api
// runs in-process in the embedded mode. The worker process itself is main.ts.
export * from './jobs';
export * from './processors';
export * from './logger';
