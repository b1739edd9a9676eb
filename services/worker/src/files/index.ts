export * from './blob-crypto';
export * from './blob-store';
export * from './blob-migration';
export * from './files-key';
