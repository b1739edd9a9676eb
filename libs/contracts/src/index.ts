export * from './validator';
export * from './schemas';
