export * from './announcement';
export * from './announcement.decider';
export * from './lead';
