import { MaintenancePing, maintenancePingProcessor } from './maintenance-ping.processor';
import type { ProcessorRegistry } from './processor';

export * from './processor';
export * from './maintenance-ping.processor';

/** The jobs the worker processes, by name, with their payloads. */
export interface WorkerJobs {
  'maintenance.ping': MaintenancePing;
  // The geocoding, distance and e-signature jobs (ARCHITECTURE.md) join in later issues, with
  // their processors below.
}

/**
 * Every processor, by job name. The worker registers them on BullMQ (scaled mode); the api
 * registers the same ones on its in-process queue (embedded mode).
 */
export const processors: ProcessorRegistry<WorkerJobs> = {
  'maintenance.ping': maintenancePingProcessor,
};
