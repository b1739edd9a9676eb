export * from './kbitem.decider';
