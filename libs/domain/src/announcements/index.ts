export * from './announcement';
export * from './announcement.decider';
export * from './announcement-status';
export * from './lead';
