import { Host, emptyHost } from './host';
import { HostEvent } from './host.events';

/** Folds one event; every event raises `revision` by one, as the stream's revision does. */
export function evolveHost(state: Host, event: HostEvent): Host {
  const next = { ...state, revision: state.revision + 1 };
  switch (event.type) {
    case 'HostCreated':
      return { ...emptyHost(event.data.hostId), revision: next.revision };
    case 'HostUpdated':
      return {
        ...next,
        ...event.data.changes,
        geoLoc: event.data.geoLocCleared ? null : state.geoLoc,
        lastUpdateDate: event.data.at,
      };
    case 'HostGeolocated':
      return { ...next, geoLoc: event.data.geoLoc, geocodedAddress: event.data.address };
    case 'HostActiveSet':
      return { ...next, isActive: event.data.isActive, lastUpdateDate: event.data.at };
    case 'HostPublishSet':
      return { ...next, publish: event.data.publish, lastUpdateDate: event.data.at };
  }
}
