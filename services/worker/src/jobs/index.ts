export * from './job-queue';
export * from './in-process-job-queue';
export * from './bullmq-job-queue';
export * from './create-job-queue';
export * from './redis-url';
