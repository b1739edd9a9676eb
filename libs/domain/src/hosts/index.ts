export * from './host';
export * from './host.validation';
export * from './host.commands';
export * from './host.events';
export * from './host.evolve';
export * from './host.decider';
