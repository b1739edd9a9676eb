import { GeoJobs } from './geo-jobs';
import {
  geocodeHostProcessor,
  projectDistancesProcessor,
  proposalDistancesProcessor,
} from './geo.processors';
import { MaintenancePing, maintenancePingProcessor } from './maintenance-ping.processor';
import type { ProcessorRegistry } from './processor';

export * from './processor';
export * from './maintenance-ping.processor';
export * from './geo-jobs';
export * from './geo.processors';

/** The jobs the worker processes, by name, with their payloads. */
export interface WorkerJobs extends GeoJobs {
  'maintenance.ping': MaintenancePing;
  // The e-signature jobs are apart (signatures/, SignatureJobs): the worker process registers
  // both (main.ts, ScaledJobs); the api, in the embedded mode, each on its own queue.
}

/**
 * Every processor, by job name. The worker registers them on BullMQ (scaled mode); the api
 * registers the same ones on its in-process queue (embedded mode).
 */
export const processors: ProcessorRegistry<WorkerJobs> = {
  'maintenance.ping': maintenancePingProcessor,
  'geo.geocodeHost': geocodeHostProcessor,
  'geo.proposalDistances': proposalDistancesProcessor,
  'geo.projectDistances': projectDistancesProcessor,
};
