import type { Processor } from './processor';

export interface MaintenancePing {
  /** ISO date of the request, to log how long the job waited. */
  requestedAt: string;
  requestedBy?: string;
}

/** Proves the path api -> queue -> worker end to end: it only logs. */
export const maintenancePingProcessor: Processor<MaintenancePing> = {
  concurrency: 1,
  async handle(payload, context, { logger }) {
    const requestedAt = Date.parse(payload.requestedAt);
    logger.info('maintenance.ping reçu / received', {
      jobId: context.jobId,
      attempt: context.attempt,
      requestedBy: payload.requestedBy,
      waitedMs: Number.isNaN(requestedAt) ? undefined : Date.now() - requestedAt,
    });
  },
};
