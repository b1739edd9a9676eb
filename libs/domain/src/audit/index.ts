export * from './field-diff';
export * from './audit-registry';
export * from './history';
export * from './computed-values';
