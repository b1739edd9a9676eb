// What other projects use: the job port and its adapters, and the processors, which the api
// runs in-process in the embedded mode, with the geo adapters they call and the command helper
// through which their results go back to the deciders, and the encrypted blob store that both
// processes write files through. The worker process itself is main.ts.
export * from './jobs';
export * from './processors';
export * from './logger';
export * from './log-format';
export * from './geo';
export * from './commands';
export * from './signatures';
export * from './files';
