export * from './validator';
export * from './schemas';
export * from './project-schemas';
export * from './host-schemas';
export * from './proposal-schemas';
export * from './file-schemas';
export * from './signature-schemas';
export * from './document-schemas';
