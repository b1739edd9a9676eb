export * from './prospect';
export * from './prospect.rules';
export * from './prospect.decider';
