import type { ProjectStage } from '@reloc/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { notifyError } from '../../../../shared/ui/toaster';
import { fetchLeases, postLeaseAction } from '../../api';
import { GENERIC_ERROR, notifyRefusal, refusalMessage } from '../../shared/errors';
import type { BoardFilters, LeaseTile } from '../../types';
import { loadPositions, type Positions, positionForDrop, savePositions } from '../order';

export type ColumnState = { ids: string[]; total: number; loading: boolean };

export type BoardData = {
  tiles: Record<string, LeaseTile>;
  columns: Record<string, ColumnState>;
  positions: Positions;
};

const emptyColumn: ColumnState = { ids: [], total: 0, loading: true };

function initial(stages: readonly ProjectStage[], board: string): BoardData {
  return {
    tiles: {},
    columns: Object.fromEntries(stages.map((stage) => [stage, emptyColumn])),
    positions: loadPositions(board),
  };
}

/** Said once the server took the move. */
export const DROP_DONE = 'Projet déposé.';

export type DropTarget = { stage: ProjectStage; beforeId: string | null };

/**
 * The tiles of a board: one paged query per column (POST /leases, progress = the column),
 * the next page when a column is scrolled to its end, and the optimistic drop with rollback.
 */
export function useBoardData(
  board: string,
  stages: readonly ProjectStage[],
  filters: BoardFilters,
) {
  const [data, setData] = useState<BoardData>(() => initial(stages, board));
  const dataRef = useRef(data);
  dataRef.current = data;
  const generation = useRef(0);
  const [reloads, setReloads] = useState(0);
  const stagesKey = stages.join(',');

  const loadPage = useCallback(
    async (stage: ProjectStage, offset: number, gen: number, signal?: AbortSignal) => {
      setData((d) => ({
        ...d,
        columns: { ...d.columns, [stage]: { ...(d.columns[stage] ?? emptyColumn), loading: true } },
      }));
      try {
        const page = await fetchLeases(
          {
            offset,
            progress: stage,
            filter: filters.state,
            year: filters.year,
            search: filters.search,
          },
          signal,
        );
        if (gen !== generation.current) return;
        setData((d) => {
          const previous = offset === 0 ? [] : (d.columns[stage]?.ids ?? []);
          const known = new Set(previous);
          const added = page.leases.filter((tile) => !known.has(tile._id));
          const tiles = { ...d.tiles };
          for (const tile of added) tiles[tile._id] = tile;
          const total = page.counts?.[stage] ?? page.total;
          const ids = [...previous, ...added.map((tile) => tile._id)];
          return {
            ...d,
            tiles,
            columns: { ...d.columns, [stage]: { ids, total, loading: false } },
          };
        });
      } catch (error) {
        if (gen !== generation.current) return;
        notifyError(error);
        setData((d) => ({
          ...d,
          columns: {
            ...d.columns,
            [stage]: { ...(d.columns[stage] ?? emptyColumn), loading: false },
          },
        }));
      }
    },
    [filters],
  );

  useEffect(() => {
    const gen = ++generation.current;
    const controller = new AbortController();
    const list = stagesKey.split(',') as ProjectStage[];
    setData((d) => ({
      tiles: {},
      columns: Object.fromEntries(list.map((stage) => [stage, emptyColumn])),
      positions: d.positions,
    }));
    for (const stage of list) void loadPage(stage, 0, gen, controller.signal);
    return () => controller.abort();
  }, [stagesKey, loadPage, reloads]);

  const loadMore = useCallback(
    (stage: ProjectStage) => {
      const column = dataRef.current.columns[stage];
      if (!column || column.loading || column.ids.length >= column.total) return;
      void loadPage(stage, column.ids.length, generation.current);
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
