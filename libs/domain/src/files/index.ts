export * from './file';
export * from './file.decider';
