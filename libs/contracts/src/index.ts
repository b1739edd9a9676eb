export * from './validator';
export * from './schemas';
export * from './project-schemas';
