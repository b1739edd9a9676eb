import type { HostDto, HostProposal } from '../types';

export type Call = { url: string; method: string; body: unknown };
export type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

/**
 * A scripted `fetch` at the HTTP boundary answering real `Response`s (headers included, for
 * x-total-count); JSON bodies are parsed into `body`.
 */
export function serve(handler: (call: Call) => Reply | Promise<Reply>): Call[] {
  const calls: Call[] = [];
  const fetchStub = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const raw = init.body;
    const call: Call = {
      url: String(input),
      method: init.method ?? 'GET',
      body: typeof raw === 'string' ? JSON.parse(raw) : raw,
    };
    calls.push(call);
    const reply = await handler(call);
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  Object.defineProperty(window, 'fetch', { value: fetchStub, configurable: true, writable: true });
  return calls;
}

export { Providers, renderRoute } from '../../../test/render';

export const HOST_ID = '65a1b2c3d4e5f60718293a4b';

export const PARIS_PLACE = {
  label: '10 Rue de Rivoli 75004 Paris',
  lat: 48.85,
  lng: 2.36,
  city: 'Paris',
  postcode: '75004',
  route: 'Rue de Rivoli',
};

export const hostDto = (extra: Partial<HostDto> = {}): HostDto => ({
  _id: HOST_ID,
  address: '10 Rue de Rivoli 75004 Paris',
  addressObject: PARIS_PLACE,
  geoLoc: { type: 'Point', coordinates: [2.36, 48.85] },
  externalId: 'https://annonces.example.fr/1',
  carrez: 45,
  numberOfRoom: 2,
  price: 1200,
  description: 'Lumineux',
  photoUrlEstate: [],
  dateAvailable: '2026-12-01',
  contactName: 'Agence Rivoli',
  contactPhoneNumber: '0102030405',
  contactEmail: 'contact@rivoli.fr',
  isActive: true,
  publish: true,
  lastUpdateDate: null,
  createdAt: '2024-01-12T10:00:00.000Z',
  warnings: [],
  ...extra,
});

export const proposalTo = (leaseId: string, name: string, extra: Partial<HostProposal> = {}) =>
  ({
    _id: `prop-${leaseId}`,
    idBuy: leaseId,
    idSell: HOST_ID,
    status: 'en_cours',
    disabled: false,
    proposedDate: '2026-11-01T10:00:00.000Z',
    liked: null,
    disliked: null,
    visited: null,
    cancel: false,
    cancelClient: false,
    visitCancelled: false,
    visitCancelReason: null,
    folderStatus: 'unknown',
    distanceCar: null,
    distanceTransport: null,
    distanceWalk: null,
    lastGeocodingAddress: null,
    distanceEstimate: false,
    comments: [],
    _lease: { _id: leaseId, userId: `${leaseId}@example.fr`, firstName: name, lastName: 'Durand' },
    ...extra,
  }) as HostProposal;

/** The French address search as the API relays it (GeoJSON features). */
export const ADDRESS_ANSWER = {
  features: [
    {
      geometry: { coordinates: [2.36, 48.85] },
      properties: {
        label: '10 Rue de Rivoli 75004 Paris',
        city: 'Paris',
        postcode: '75004',
        name: '10 Rue de Rivoli',
        street: 'Rue de Rivoli',
        housenumber: '10',
      },
    },
  ],
};
