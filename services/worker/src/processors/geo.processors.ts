import {
  contractualFromTravel,
  contractualRouteKey,
  departureKey,
  departurePosition,
  hostDecider,
  hostExists,
  hostNeedsGeocoding,
  hostPosition,
  projectDecider,
  projectExists,
  proposalDecider,
  proposalExists,
  proposalRouteKey,
  TravelTimes,
  workKey,
  workPosition,
} from '@reloc/domain';
import type { EventStore } from '@reloc/eventstore';
import { executeOnStream, loadStream, systemActor } from '../commands/stream-commands';
import type { GeoServices } from '../geo/geo-services';
import {
  GEO_JOB_NAMES,
  GeocodeHostJob,
  hostStream,
  ProjectDistancesJob,
  projectStream,
  ProposalDistancesJob,
  proposalStream,
} from './geo-jobs';
import type { Processor, ProcessorDeps } from './processor';

function geoDeps(deps: ProcessorDeps): { store: EventStore; geo: GeoServices } {
  if (!deps.store || !deps.geo)
    throw new Error('The geo processors need an event store and the geo services');
  return { store: deps.store, geo: deps.geo };
}

const context = (job: string, jobId: string) => ({
  actor: systemActor(job),
  correlationId: undefined,
  causationId: jobId,
});

/** Every mode failed: the job is retried (a single failed mode only stays empty). */
function requireSomeLeg(times: TravelTimes): void {
  if (!times.car && !times.transport && !times.walk)
    throw new Error('Aucun mode de trajet n’a répondu / no travel mode answered');
}

/** Places a host: its chosen place's point, else the address service, else the gazetteer. */
export const geocodeHostProcessor: Processor<GeocodeHostJob> = {
  concurrency: 4,
  async handle(payload, job, deps) {
    const { store, geo } = geoDeps(deps);
    const stream = hostStream(payload.hostId);
    const { state: host } = await loadStream(store, stream, hostDecider);
    if (!hostExists(host) || host.address !== payload.address || !hostNeedsGeocoding(host)) {
      deps.logger.debug('geocodeHost: rien à faire / nothing to do', { jobId: job.jobId });
      return;
    }
    const found = await geo.geocode(payload.address, host.addressObject);
    if (!found) deps.logger.warn('Adresse introuvable / address not found', { hostId: host._id });
    await executeOnStream(
      store,
      stream,
      hostDecider,
      {
        type: 'SetGeolocation',
        hostId: host._id,
        at: new Date().toISOString(),
        address: payload.address,
        geoLoc: found?.geoLoc ?? null,
      },
      context(GEO_JOB_NAMES.geocodeHost, job.jobId),
    );
  },
};

/** A proposal's driving, transit and walking times from the property to the work address. */
export const proposalDistancesProcessor: Processor<ProposalDistancesJob> = {
  concurrency: 4,
  async handle(payload, job, deps) {
    const { store, geo } = geoDeps(deps);
    const stream = proposalStream(payload.projectId, payload.hostId);
    const [{ state: proposal }, { state: host }, { state: project }] = await Promise.all([
      loadStream(store, stream, proposalDecider),
      loadStream(store, hostStream(payload.hostId), hostDecider),
      loadStream(store, projectStream(payload.projectId), projectDecider),
    ]);
    const key = proposalExists(proposal) ? proposalRouteKey(host, project) : null;
    // Changed since enqueue (a newer job covers it), or already computed for this key.
    if (key !== payload.key || proposal.lastGeocodingAddress === key) {
      deps.logger.debug('proposalDistances: rien à faire / nothing to do', { jobId: job.jobId });
      return;
    }
    let travel: Awaited<ReturnType<GeoServices['travelTimes']>>;
    try {
      travel = await geo.travelTimes(hostPosition(host)!, workPosition(project)!);
      requireSomeLeg(travel.times);
    } catch (error) {
      if (job.attempt < job.maxAttempts) throw error;
      // The last attempt: answered for this route with no time, so that the console says
      // 'Trajet indisponible' (and offers 'Recalculer') instead of waiting for ever.
      deps.logger.warn('proposalDistances: trajet indisponible / no travel time', {
        jobId: job.jobId,
        error: String(error),
      });
      travel = { times: { car: null, transport: null, walk: null }, estimate: false };
    }
    const { times, estimate } = travel;
    await executeOnStream(
      store,
      stream,
      proposalDecider,
      {
        type: 'SetDistances',
        proposalId: proposal._id,
        at: new Date().toISOString(),
        distanceCar: times.car?.durationSeconds ?? null,
        distanceTransport: times.transport?.durationSeconds ?? null,
        distanceWalk: times.walk?.durationSeconds ?? null,
        lastGeocodingAddress: key,
        estimate,
      },
      context(GEO_JOB_NAMES.proposalDistances, job.jobId),
    );
  },
};

/** The project's contractual distance (m) and time (s): the minimum across modes. */
export const projectDistancesProcessor: Processor<ProjectDistancesJob> = {
  concurrency: 2,
  async handle(payload, job, deps) {
    const { store, geo } = geoDeps(deps);
    const stream = projectStream(payload.projectId);
    const { state: project } = await loadStream(store, stream, projectDecider);
    const key = projectExists(project) ? contractualRouteKey(project) : null;
    const from = departureKey(project);
    const to = workKey(project);
    const done = project.lastContractualAddress1 === from && project.lastContractualAddress2 === to;
    if (key !== payload.key || done) {
      deps.logger.debug('projectDistances: rien à faire / nothing to do', { jobId: job.jobId });
      return;
    }
    const { times, estimate } = await geo.travelTimes(
      departurePosition(project)!,
      workPosition(project)!,
    );
    requireSomeLeg(times);
    const { distance, time } = contractualFromTravel(times);
    const actor = systemActor(GEO_JOB_NAMES.projectDistances);
    await executeOnStream(
      store,
      stream,
      projectDecider,
      {
        type: 'RecordSystemFields',
        actor,
        at: new Date().toISOString(),
        changes: {
          contractualDistance: distance,
          contractualTime: time,
          lastContractualAddress1: from,
          lastContractualAddress2: to,
          contractualEstimate: estimate,
        },
      },
      context(GEO_JOB_NAMES.projectDistances, job.jobId),
    );
  },
};
