import { GeoLoc } from './host';

type Base = { hostId: string; at: string };

/** POST /hosts: an empty host whose id carries its creation date. */
export type CreateHost = Base & { type: 'CreateHost' };
/** PUT /hosts/{id}: the changed fields (server-owned keys are ignored). */
export type UpdateHost = Base & { type: 'UpdateHost'; changes: Record<string, unknown> };
/** The geocoding job's answer for `address`; null when the address could not be placed. */
export type SetGeolocation = Base & {
  type: 'SetGeolocation';
  address: string;
  geoLoc: GeoLoc | null;
};
export type SetHostActive = Base & { type: 'SetHostActive'; isActive: boolean };
export type PublishHost = Base & { type: 'PublishHost'; publish: boolean };

export type HostCommand = CreateHost | UpdateHost | SetGeolocation | SetHostActive | PublishHost;
