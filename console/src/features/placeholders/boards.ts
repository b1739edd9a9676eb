/** The board of a route (spec §4 "Columns per board route"): any other path is the default. */
export type BoardMode = 'reloc' | 'sale' | 'compta' | 'default';

export function boardModeOf(pathname: string): BoardMode {
  switch (pathname.replace(/\/+$/, '')) {
    case '/reloc':
      return 'reloc';
    case '/sales':
      return 'sale';
    case '/compta':
      return 'compta';
    default:
      return 'default';
  }
}

export const BOARD_TITLES: Record<BoardMode, string> = {
  reloc: 'Tableau Reloc',
  sale: 'Tableau Sales',
  compta: 'Tableau Compta',
  default: 'Tableau des projets',
};
