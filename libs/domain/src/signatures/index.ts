export * from './signature-template';
export * from './signature-request';
export * from './visit-pick';
