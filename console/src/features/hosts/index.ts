export { HostsPage } from './pages/HostsPage';
export { HostPage } from './pages/HostPage';
export {
  HostCard,
  HostThumbnail,
  WarningsMarker,
  priceText,
  roomsText,
  surfaceText,
} from './components/HostCard';
export { photoUrl, searchHosts, fetchHost } from './api';
export type { HostDto } from './types';
