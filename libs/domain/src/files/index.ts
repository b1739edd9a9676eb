export * from './file';
export * from './file.decider';
export * from './cache-access';
