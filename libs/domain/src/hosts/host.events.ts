import { GeoLoc, HostChanges } from './host';

type Event<Type extends string, Data> = { type: Type; data: Data & { hostId: string } };

export type HostCreated = Event<'HostCreated', { createdAt: string }>;
/** `geoLoc: null` is written when the address changes: the old point no longer applies. */
export type HostUpdated = Event<
  'HostUpdated',
  { changes: HostChanges; geoLocCleared: boolean; at: string }
>;
export type HostGeolocated = Event<'HostGeolocated', { address: string; geoLoc: GeoLoc | null }>;
export type HostActiveSet = Event<'HostActiveSet', { isActive: boolean; at: string }>;
export type HostPublishSet = Event<'HostPublishSet', { publish: boolean; at: string }>;

export type HostEvent = HostCreated | HostUpdated | HostGeolocated | HostActiveSet | HostPublishSet;
export type HostEventType = HostEvent['type'];
