export * from './png';
export * from './wrap-text';
export * from './pdf-text';
export * from './exports';
export * from './stamp';
export * from './merge';
export * from './information-sheet';
