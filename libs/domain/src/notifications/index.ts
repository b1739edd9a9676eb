export * from './notification';
export * from './notifications.decider';
