export * from './geo';
export * from './targets';
