export * from './wrap-text';
