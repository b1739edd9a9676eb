import type { ProjectStage } from '@reloc/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { notifyError } from '../../../../shared/ui/toaster';
import { fetchLeases, LEASES_PAGE_SIZE, postLeaseAction } from '../../api';
import { GENERIC_ERROR, notifyRefusal, refusalMessage } from '../../shared/errors';
import type { BoardFilters, LeaseTile, LeasesPage } from '../../types';
import { earlyOr, takeEarlyNow } from '../../../../shared/api/early';
import { FIRST_FILTERS, firstPageKey } from '../boards';
import { loadPositions, type Positions, positionForDrop, savePositions } from '../order';

export type ColumnState = { ids: string[]; total: number; loading: boolean };

export type BoardData = {
  tiles: Record<string, LeaseTile>;
  columns: Record<string, ColumnState>;
  positions: Positions;
};

const isFirstFilters = (filters: BoardFilters) =>
  filters.search === FIRST_FILTERS.search &&
  filters.year === FIRST_FILTERS.year &&
  filters.state === FIRST_FILTERS.state;

const emptyColumn: ColumnState = { ids: [], total: 0, loading: true };

/** The first pages of the columns already loaded at start-up (app/early.ts), by stage. */
type Seed = Partial<Record<string, LeasesPage>>;

function takeSeed(stages: readonly ProjectStage[], filters: BoardFilters): Seed {
  if (!isFirstFilters(filters)) return {};
  const seed: Seed = {};
  for (const stage of stages) seed[stage] = takeEarlyNow<LeasesPage>(firstPageKey(stage));
  return seed;
}

function initial(stages: readonly ProjectStage[], board: string, seed: Seed): BoardData {
  const tiles: Record<string, LeaseTile> = {};
  const columns: Record<string, ColumnState> = {};
  for (const stage of stages) {
    const page = seed[stage];
    if (!page) {
      columns[stage] = emptyColumn;
      continue;
    }
    const ids: string[] = [];
    for (const tile of page.leases) {
      if (tiles[tile._id]) continue;
      tiles[tile._id] = tile;
      ids.push(tile._id);
    }
    columns[stage] = { ids, total: page.counts?.[stage] ?? page.total, loading: false };
  }
  return { tiles, columns, positions: loadPositions(board) };
}

/** Said once the server took the move. */
export const DROP_DONE = 'Projet déposé.';

export type DropTarget = { stage: ProjectStage; beforeId: string | null };

/** Pages of a column asked at once while it is scrolled (each one page of the API's 200). */
export const PAGES_IN_FLIGHT = 5;

type Paging = {
  /** The next offset not asked yet. */
  requested: number;
  /** The next offset to append to the column (pages are appended in order). */
  merged: number;
  /** Pages answered out of order, by offset. */
  arrived: Map<number, LeaseTile[]>;
  inFlight: number;
};

const newPaging = (): Paging => ({ requested: 0, merged: 0, arrived: new Map(), inFlight: 0 });
const seededPaging = (): Paging => ({
  requested: LEASES_PAGE_SIZE,
  merged: LEASES_PAGE_SIZE,
  arrived: new Map(),
  inFlight: 0,
});

/**
 * The tiles of a board: one paged query per column (POST /leases, progress = the column), all
 * columns at once; while a column is scrolled, the pages up to where it will soon be read are
 * asked together (several pages of 200 in parallel, appended in order); and the optimistic drop
 * with rollback.
 */
export function useBoardData(
  board: string,
  stages: readonly ProjectStage[],
  filters: BoardFilters,
) {
  // Columns whose first page came in at start-up are drawn with it on the first render.
  const [seed] = useState(() => takeSeed(stages, filters));
  const seedLeft = useRef(true);
  const [data, setData] = useState<BoardData>(() => initial(stages, board, seed));
  const dataRef = useRef(data);
  dataRef.current = data;
  const generation = useRef(0);
  const paging = useRef<Record<string, Paging>>({});
  const abort = useRef<AbortController | null>(null);
  const [reloads, setReloads] = useState(0);
  const stagesKey = stages.join(',');

  const loadPage = useCallback(
    async (stage: ProjectStage, offset: number, gen: number) => {
      const state = (paging.current[stage] ??= newPaging());
      state.inFlight++;
      state.requested = Math.max(state.requested, offset + LEASES_PAGE_SIZE);
      if (state.inFlight === 1)
        setData((d) => ({
          ...d,
          columns: {
            ...d.columns,
            [stage]: { ...(d.columns[stage] ?? emptyColumn), loading: true },
          },
        }));
      try {
        const fetchPage = () =>
          fetchLeases(
            {
              offset,
              progress: stage,
              filter: filters.state,
              year: filters.year,
              search: filters.search,
            },
            abort.current?.signal,
          );
        // The first page with the first filters may have been asked at start-up (app/early.ts).
        const page = await (offset === 0 && isFirstFilters(filters)
          ? earlyOr(firstPageKey(stage), fetchPage)
          : fetchPage());
        if (gen !== generation.current) return;
        state.inFlight--;
        state.arrived.set(offset, page.leases);
        // The pages that now follow the column's end without a gap, in the server's order.
        const ready: LeaseTile[] = [];
        for (
          let next = state.arrived.get(state.merged);
          next;
          next = state.arrived.get(state.merged)
        ) {
          state.arrived.delete(state.merged);
          ready.push(...next);
          state.merged += LEASES_PAGE_SIZE;
        }
        const total = page.counts?.[stage] ?? page.total;
        const loading = state.inFlight > 0;
        setData((d) => {
          const previous = offset === 0 ? [] : (d.columns[stage]?.ids ?? []);
          const known = new Set(previous);
          const added: LeaseTile[] = [];
          for (const tile of ready) {
            if (known.has(tile._id)) continue;
            known.add(tile._id);
            added.push(tile);
          }
          const tiles = added.length ? { ...d.tiles } : d.tiles;
          for (const tile of added) tiles[tile._id] = tile;
          const ids = added.length ? [...previous, ...added.map((tile) => tile._id)] : previous;
          return {
            ...d,
            tiles,
            columns: { ...d.columns, [stage]: { ids, total, loading } },
          };
        });
      } catch (error) {
        if (gen !== generation.current) return;
        state.inFlight--;
        // Asked again on the next scroll.
        state.requested = Math.min(state.requested, offset);
        notifyError(error);
        const loading = state.inFlight > 0;
        setData((d) => ({
          ...d,
          columns: {
            ...d.columns,
            [stage]: { ...(d.columns[stage] ?? emptyColumn), loading },
          },
        }));
      }
    },
    [filters],
  );

  useEffect(() => {
    const gen = ++generation.current;
    const controller = new AbortController();
    abort.current = controller;
    const list = stagesKey.split(',') as ProjectStage[];
    // The first run keeps the seeded columns (the state was built with them); later ones
    // (filters, reload) start every column again.
    const seeded = seedLeft.current ? seed : {};
    paging.current = Object.fromEntries(
      list.map((stage) => [stage, seeded[stage] ? seededPaging() : newPaging()]),
    );
    if (!seedLeft.current)
      setData((d) => ({
        tiles: {},
        columns: Object.fromEntries(list.map((stage) => [stage, emptyColumn])),
        positions: d.positions,
      }));
    seedLeft.current = false;
    for (const stage of list) if (!seeded[stage]) void loadPage(stage, 0, gen);
    return () => controller.abort();
  }, [stagesKey, loadPage, reloads, seed]);

  /**
   * Asks the pages of the column up to `upTo` tiles (one more page without it) that were not
   * asked yet, at most PAGES_IN_FLIGHT at a time.
   */
  const loadMore = useCallback(
    (stage: ProjectStage, upTo?: number) => {
      const column = dataRef.current.columns[stage];
      const state = paging.current[stage];
      if (!column || !state || state.merged === 0) return;
      const end = Math.min(column.total, upTo ?? state.requested + 1);
      while (state.requested < end && state.inFlight < PAGES_IN_FLIGHT)
        void loadPage(stage, state.requested, generation.current);
    },
    [loadPage],
  );

  const reload = useCallback(() => setReloads((n) => n + 1), []);

  /**
   * A drop: the new position at once, the new stage sent; a refusal puts everything back.
   * Answers what to tell screen readers once the server has answered (null: nothing moved).
   */
  const move = useCallback(
    async (id: string, target: DropTarget): Promise<string | null> => {
      const before = dataRef.current;
      const tile = before.tiles[id];
      if (!tile) return null;
      const from = tile.currentProgress;
      const fromColumn = before.columns[from];
      const toColumn = before.columns[target.stage];
      if (!toColumn) return null;
      const targetIds = toColumn.ids.filter((other) => other !== id);
      const rankOf = (other: string) => Math.max(0, targetIds.indexOf(other));
      const ordered = [...targetIds].sort(
        (a, b) => (before.positions[a] ?? rankOf(a)) - (before.positions[b] ?? rankOf(b)),
      );
      const position = positionForDrop(ordered, before.positions, target.beforeId, rankOf);
      const positions = { ...before.positions, [id]: position };
      savePositions(board, positions);
      if (from === target.stage) {
        setData((d) => ({ ...d, positions }));
        return DROP_DONE;
      }
      setData((d) => ({
        ...d,
        positions,
        tiles: { ...d.tiles, [id]: { ...tile, currentProgress: target.stage } },
        columns: {
          ...d.columns,
          ...(fromColumn
            ? {
                [from]: {
                  ...fromColumn,
                  ids: fromColumn.ids.filter((other) => other !== id),
                  total: Math.max(0, fromColumn.total - 1),
                },
              }
            : {}),
          [target.stage]: { ...toColumn, ids: [...targetIds, id], total: toColumn.total + 1 },
        },
      }));
      try {
        await postLeaseAction(id, { currentProgress: target.stage });
        return DROP_DONE;
      } catch (error) {
        savePositions(board, before.positions);
        setData((d) => ({
          ...d,
          positions: before.positions,
          tiles: { ...d.tiles, [id]: tile },
          columns: {
            ...d.columns,
            ...(fromColumn ? { [from]: fromColumn } : {}),
            [target.stage]: toColumn,
          },
        }));
        notifyRefusal(error);
        return `Déplacement refusé : ${refusalMessage(error) ?? GENERIC_ERROR}`;
      }
    },
    [board],
  );

  return { data, loadMore, reload, move };
}
