export * from './png';
export * from './wrap-text';
export * from './pdf-text';
export * from './exports';
