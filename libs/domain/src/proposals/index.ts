export * from './proposal';
export * from './visit-time';
export * from './proposal.commands';
export * from './proposal.events';
export * from './proposal.evolve';
export * from './proposal.decider';
export * from './proposal.views';
