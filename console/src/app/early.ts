import { boardColumns, isRole, isStaff } from '@reloc/domain';
import { startEarly } from '../shared/api/early';
import { tokenClaims } from '../shared/api/token';
import { fetchStatus } from '../features/auth/api';
import { fetchLeases } from '../features/projects/api';
import {
  BOARD_TITLES,
  boardRouteKey,
  FIRST_FILTERS,
  firstPageKey,
} from '../features/projects/board/boards';
import { EARLY_SHELL, fetchNotifications, fetchStaff } from '../features/shell/api';

/** A token that expires sooner than this is left to the usual path (which refreshes it). */
const EXPIRY_MARGIN_S = 10;

/**
 * Run by main.tsx before the rest of the code is loaded: on a board (/reloc, /sales, /compta)
 * with a staff session stored, the shell's calls, each column's first page and the screen's
 * code are asked at once, side by side, instead of one after the other once the code is up
 * (the session check, then the shell's calls, then the board's chunk, then its pages).
 * The columns are guessed from the token's role; the shell and the board take these answers
 * only for the same session (shared/api/early.ts), and the server checks every call.
 */
export function startEarlyLoads(pathname: string): void {
  const routeKey = boardRouteKey(pathname);
  if (!BOARD_TITLES[routeKey] || pathname !== `/${routeKey}`) return;
  void import('./layouts/DefaultLayout').catch(() => undefined);
  void import('../features/projects/board/BoardPage').catch(() => undefined);
  const claims = tokenClaims();
  if (!claims || !isRole(claims.role) || !isStaff(claims.role)) return;
  if (claims.exp - EXPIRY_MARGIN_S <= Date.now() / 1000) return;
  startEarly(EARLY_SHELL.status, () => fetchStatus(undefined, true));
  startEarly(EARLY_SHELL.notifications, () => fetchNotifications(undefined, true));
  startEarly(EARLY_SHELL.staff, () => fetchStaff(undefined, true));
  for (const stage of boardColumns(routeKey, claims.role))
    startEarly(firstPageKey(stage), () =>
      fetchLeases(
        {
          offset: 0,
          progress: stage,
          filter: FIRST_FILTERS.state,
          year: FIRST_FILTERS.year,
          search: FIRST_FILTERS.search,
        },
        undefined,
        true,
      ),
    );
}
