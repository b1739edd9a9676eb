import type { BoardFilters } from '../types';

/** The named boards (/reloc, /sales, /compta) and their titles; any other path is the default. */
export const BOARD_TITLES: Readonly<Record<string, string>> = {
  reloc: 'Tableau Reloc',
  sales: 'Tableau Sales',
  compta: 'Tableau Compta',
};

/** The board a path shows: its first segment ('' for the root). */
export const boardRouteKey = (pathname: string): string =>
  pathname.replace(/^\/+|\/+$/g, '').split('/')[0] ?? '';

/** The early load key of a column's first page with the board's first filters. */
export const firstPageKey = (stage: string): string => `leases:${stage}:first`;

/** The filters a board opens with (the ones its first pages are loaded early for). */
export const FIRST_FILTERS: BoardFilters = { search: '', year: null, state: 'active' };
