export * from './stream-commands';
