import { createHash } from 'node:crypto';
import type { EnqueueOptions } from '../jobs/job-queue';

/** The geocoding and travel-time jobs: names, payloads, and how reactors enqueue them. */
export const GEO_JOB_NAMES = {
  geocodeHost: 'geo.geocodeHost',
  proposalDistances: 'geo.proposalDistances',
  projectDistances: 'geo.projectDistances',
} as const;

/** Place a host whose address has no point yet. `address` is the host's address at enqueue. */
export type GeocodeHostJob = { hostId: string; address: string };
/** A proposal's travel times; `key` is its route key at enqueue (see proposalRouteKey). */
export type ProposalDistancesJob = { projectId: string; hostId: string; key: string };
/** A project's contractual distance and time; `key` is its departure -> work key at enqueue. */
export type ProjectDistancesJob = { projectId: string; key: string };

export type GeoJobs = {
  'geo.geocodeHost': GeocodeHostJob;
  'geo.proposalDistances': ProposalDistancesJob;
  'geo.projectDistances': ProjectDistancesJob;
};

/**
 * §9 debounces: the work address is checked every 5 s, a proposal's address every 2 s, and
 * the same address must appear on two consecutive checks. A job waits that long, then re-reads
 * the address and does nothing if it changed meanwhile (the newer job covers it).
 */
export const WORK_ADDRESS_CHECK_MS = 5000;
export const ADDRESS_CHECK_MS = 2000;
/** A provider failure is retried twice, 5 s then 10 s later, before it is only logged. */
export const GEO_JOB_ATTEMPTS = 3;
export const GEO_JOB_BACKOFF_MS = 5000;

export const hostStream = (hostId: string) => `host-${hostId}`;
export const projectStream = (projectId: string) => `project-${projectId}`;
export const proposalStream = (projectId: string, hostId: string) =>
  `proposal-${projectId}-${hostId}`;

/**
 * The deterministic id of a job (at-least-once delivery: the reactor may enqueue the same job
 * again after a restart): the job, its target, the address key and the log position of the
 * event that asked for it. A later event asking again (the address came back to an earlier
 * value) has another position, hence a new job.
 */
export function geoJobId(name: string, target: string, key: string, position: number): string {
  const digest = createHash('sha256').update(key).digest('hex').slice(0, 16);
  return `${name}:${target}:${digest}:${position}`;
}

export function geoEnqueueOptions(
  name: string,
  target: string,
  key: string,
  position: number,
  delayMs: number,
): EnqueueOptions {
  return {
    jobId: geoJobId(name, target, key, position),
    delayMs,
    attempts: GEO_JOB_ATTEMPTS,
    backoffMs: GEO_JOB_BACKOFF_MS,
  };
}
