/**
 * The order of the tiles inside a column lives in the browser only (spec §4): one position per
 * project, per board, in localStorage. A drop gives the moved tile the midpoint of its new
 * neighbours' positions, so nothing else is renumbered (STYLE.md).
 */
export type Positions = Record<string, number>;

const keyOf = (board: string) => `reloc.board.order.${board}`;

export function loadPositions(board: string): Positions {
  try {
    const raw = window.localStorage.getItem(keyOf(board));
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Positions) : {};
  } catch {
    return {};
  }
}

export function savePositions(board: string, positions: Positions): void {
  try {
    window.localStorage.setItem(keyOf(board), JSON.stringify(positions));
  } catch {
    // storage full or unavailable: the order is only lost for this browser
  }
}

/** A tile's sort key: its stored position, else its rank in the server order (newest move first). */
export const sortKey = (positions: Positions, id: string, rank: number) => positions[id] ?? rank;

/** Sorts ids by their key, keeping the server order for equal keys. */
export function orderIds(ids: readonly string[], positions: Positions): string[] {
  return ids
    .map((id, rank) => ({ id, key: sortKey(positions, id, rank), rank }))
    .sort((a, b) => a.key - b.key || a.rank - b.rank)
    .map((entry) => entry.id);
}

/**
 * The position of a tile dropped before `beforeId` in `ordered` (the column's ids in display
 * order, without the moved tile), or at the end when `beforeId` is null.
 */
export function positionForDrop(
  ordered: readonly string[],
  positions: Positions,
  beforeId: string | null,
  rankOf: (id: string) => number,
): number {
  const key = (id: string) => sortKey(positions, id, rankOf(id));
  if (ordered.length === 0) return 0;
  const index = beforeId === null ? -1 : ordered.indexOf(beforeId);
  if (index === -1) return key(ordered[ordered.length - 1]) + 1;
  const next = key(ordered[index]);
  if (index === 0) return next - 1;
  return (key(ordered[index - 1]) + next) / 2;
}
