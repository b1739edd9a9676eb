export * from './signature-template';
export * from './signature-request';
export * from './visit-pick';
export * from './signed-document';
