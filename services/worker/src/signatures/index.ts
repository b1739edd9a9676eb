export * from './signature-jobs';
export * from './builtin-provider';
export * from './signature.processors';
export * from './yousign-provider';
export * from './signature-services';
