export * from './document';
export * from './readiness';
export * from './documents.decider';
