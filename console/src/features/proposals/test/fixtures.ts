import { emptyHost, emptyProposal, proposalRouteKey } from '@reloc/domain';
import { stubFetch, type RecordedCall } from '../../../test/http';
import { project } from '../../projects/test/fixtures';
import type { ProjectDoc } from '../../projects/types';
import type { HostDto, ProposalRow } from '../types';

export const HOST_A = 'aaaaaaaaaaaaaaaaaaaaaaaa';
export const HOST_B = 'bbbbbbbbbbbbbbbbbbbbbbbb';
export const HOST_C = 'cccccccccccccccccccccccc';

export const WORK = {
  addressWork: '1 rue du Travail, Lyon',
  addressWorkObject: { label: '1 rue du Travail, Lyon', lat: 45.75, lng: 4.85 },
};

/** The route key the distance job records once it has computed a proposal's times. */
export const routeKeyOf = (hostDto: HostDto) =>
  proposalRouteKey(hostDto, {
    actualCity: null,
    fromAddressObject: null,
    addressWork: WORK.addressWork,
    addressWorkObject: WORK.addressWorkObject,
  });

export const host = (id: string, extra: Partial<HostDto> = {}): HostDto => {
  const { revision: _revision, ...fields } = emptyHost(id);
  return {
    ...fields,
    address: `${id.slice(0, 1)} rue de la Paix, Paris`,
    price: 1200,
    carrez: 40,
    numberOfRoom: 2,
    geoLoc: { type: 'Point', coordinates: [2.35, 48.85] },
    createdAt: '2025-01-01T00:00:00.000Z',
    warnings: [],
    ...extra,
  };
};

export const row = (hostId: string, extra: Partial<ProposalRow> = {}): ProposalRow => {
  const { revision: _revision, ...fields } = emptyProposal(`prop-${hostId}`);
  const hostDto = extra._host === undefined ? host(hostId) : extra._host;
  return {
    ...fields,
    idBuy: 'p1',
    idSell: hostId,
    position: 999,
    proposedDate: '2025-02-01T00:00:00.000Z',
    distanceCar: 1500,
    distanceTransport: 2400,
    distanceWalk: 5400,
    lastGeocodingAddress: hostDto ? routeKeyOf(hostDto) : null,
    _host: hostDto,
    ...extra,
  };
};

type Reply = { status: number; body?: unknown };

export type ProposalsServer = {
  rows?: () => ProposalRow[];
  onPut?: (hostId: string, body: Record<string, unknown>) => Reply;
  onPost?: (hostId: string) => Reply;
  project?: Partial<ProjectDoc>;
};

/** The project page's calls, with the proposal calls scripted by the test. */
export function serveProposals(server: ProposalsServer): RecordedCall[] {
  return stubFetch((call) => {
    const pair = /^\/v1\/proposals\/lease\/p1\/host\/([0-9a-f]{24})$/.exec(call.url);
    if (call.url === '/v1/lease/p1' && call.method === 'GET')
      return {
        status: 200,
        body: project({ ...WORK, ...server.project }),
      };
    if (call.url === '/v1/proposals/lease/p1') return { status: 200, body: server.rows?.() ?? [] };
    if (pair && call.method === 'PUT')
      return (
        server.onPut?.(pair[1], JSON.parse(String(call.body)) as Record<string, unknown>) ?? {
          status: 500,
          body: { message: 'boom' },
        }
      );
    if (pair && call.method === 'POST')
      return server.onPost?.(pair[1]) ?? { status: 500, body: { message: 'boom' } };
    if (call.url === '/v1/lease/tags') return { status: 200, body: [] };
    if (call.url.startsWith('/v1/comments/for/p1')) return { status: 200, body: [] };
    if (call.url === '/v1/timeline/for/p1') return { status: 200, body: [] };
    return { status: 404, body: { message: 'Introuvable' } };
  });
}

export const putsOf = (calls: RecordedCall[]) =>
  calls
    .filter((c) => c.method === 'PUT' && c.url.startsWith('/v1/proposals/'))
    .map((c) => ({ url: c.url, body: JSON.parse(String(c.body)) as unknown }));
