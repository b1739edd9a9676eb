import { HStack, Spinner, Text } from '@chakra-ui/react';
import { useDndContext, useDroppable } from '@dnd-kit/core';
import { type ProjectStage, READ_ONLY_COLUMNS, STAGE_LABELS } from '@reloc/domain';
import {
  type FocusEvent,
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import type { LeaseTile } from '../../types';
import type { ColumnState } from '../hooks/useBoardData';
import { orderIds, type Positions } from '../order';
import { COLUMN_CLASSES } from '../tileCss';
import { ProjectTile, TILE_GAP_PX, TILE_HEIGHT_PX } from './ProjectTile';

/** One tile and the gap after it: every tile has the same height, so a row's top is its index. */
export const ROW_PX = TILE_HEIGHT_PX + TILE_GAP_PX;
/** Tiles drawn above and below the visible ones (a short scroll or Tab finds them drawn). */
const OVERSCAN = 6;
/** Fewer tiles than this below the visible ones: the next pages are asked. */
const AHEAD = 150;
/** How far below the visible ones the pages asked then go. */
const LOOKAHEAD = 1000;
/** The height assumed before the column is laid out (or while it is hidden, or in jsdom). */
const FALLBACK_HEIGHT_PX = 800;

type BoardColumnProps = {
  stage: ProjectStage;
  column: ColumnState;
  tiles: Record<string, LeaseTile>;
  positions: Positions;
  hiddenOnSmall: boolean;
  onLoadMore: (stage: ProjectStage, upTo?: number) => void;
};

/** The rows of a scrolled list that are on screen: [first, last], from its scroll position. */
function useVisibleRows(scroller: HTMLElement | null): [number, number] {
  const [rows, setRows] = useState<[number, number]>(() => [
    0,
    Math.ceil(FALLBACK_HEIGHT_PX / ROW_PX),
  ]);
  useLayoutEffect(() => {
    if (!scroller) return;
    const measure = () => {
      const height = scroller.clientHeight || FALLBACK_HEIGHT_PX;
      const first = Math.floor(scroller.scrollTop / ROW_PX);
      const last = Math.floor((scroller.scrollTop + height) / ROW_PX);
      setRows((current) => (current[0] === first && current[1] === last ? current : [first, last]));
    };
    measure();
    scroller.addEventListener('scroll', measure, { passive: true });
    const resize =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => measure());
    resize?.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', measure);
      resize?.disconnect();
    };
  }, [scroller]);
  return rows;
}

/**
 * One stage: its title and count, and its tiles, of which only those on screen (and a few
 * around them, the dragged one and the focused one) are drawn, each at its row's place in a
 * list as tall as all of them; the next pages are asked before the column's end shows.
 */
export const BoardColumn = memo(BoardColumnView, sameColumn);

/**
 * A page that comes in for one column gives the board a new tile record: the other columns
 * draw again only if one of their own tiles changed (a long board loads page after page).
 */
function sameColumn(before: BoardColumnProps, after: BoardColumnProps): boolean {
  return (
    before.stage === after.stage &&
    before.column === after.column &&
    before.positions === after.positions &&
    before.hiddenOnSmall === after.hiddenOnSmall &&
    before.onLoadMore === after.onLoadMore &&
    (before.tiles === after.tiles ||
      after.column.ids.every((id) => before.tiles[id] === after.tiles[id]))
  );
}

function BoardColumnView({
  stage,
  column,
  tiles,
  positions,
  hiddenOnSmall,
  onLoadMore,
}: BoardColumnProps) {
  const readOnly = (READ_ONLY_COLUMNS as readonly string[]).includes(stage);
  const { setNodeRef, isOver } = useDroppable({
    id: `column:${stage}`,
    data: { stage, beforeId: null },
    disabled: readOnly,
  });
  const { active } = useDndContext();
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const scrollerRef = useCallback(
    (node: HTMLElement | null) => {
      setScroller(node);
      setNodeRef(node);
    },
    [setNodeRef],
  );
  const [first, last] = useVisibleRows(scroller);
  const [focused, setFocused] = useState<string | null>(null);
  const ordered = useMemo(
    () => orderIds(column.ids, positions).flatMap((id) => (tiles[id] ? [tiles[id]] : [])),
    [column.ids, positions, tiles],
  );
  const loaded = column.ids.length;
  const hasMore = loaded < column.total;
  const titleId = `column-${stage}-title`;

  useEffect(() => {
    if (hasMore && last + AHEAD >= loaded) onLoadMore(stage, last + LOOKAHEAD);
  }, [hasMore, last, loaded, onLoadMore, stage]);

  // The drawn rows, in order (the dragged and the focused tile stay drawn when scrolled away).
  const drawn = useMemo(() => {
    const from = Math.max(0, first - OVERSCAN);
    const to = Math.min(ordered.length, last + OVERSCAN + 1);
    const indexes: number[] = [];
    const kept = [active?.id, focused]
      .map((id) => ordered.findIndex((tile) => tile._id === id))
      .filter((index) => index >= 0 && (index < from || index >= to));
    for (const index of kept) if (index < from) indexes.push(index);
    for (let index = from; index < to; index++) indexes.push(index);
    for (const index of kept) if (index >= to) indexes.push(index);
    return indexes;
  }, [ordered, first, last, active?.id, focused]);

  const onFocus = (event: FocusEvent<HTMLElement>) =>
    setFocused(event.target.getAttribute('data-project-id'));
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(null);
  };

  return (
    <section
      className={COLUMN_CLASSES.column}
      aria-labelledby={titleId}
      aria-busy={column.loading || undefined}
      data-testid={`column-${stage}`}
      data-loaded={loaded}
      data-read-only={readOnly || undefined}
      data-hidden-small={hiddenOnSmall || undefined}
      data-drop-over={isOver || undefined}
    >
      <div className={COLUMN_CLASSES.head}>
        <h2 id={titleId} className={COLUMN_CLASSES.title}>
          {STAGE_LABELS[stage]}
        </h2>
        <span className={COLUMN_CLASSES.count} aria-label={`${column.total} projets`}>
          {column.total}
        </span>
      </div>
      <div
        ref={scrollerRef}
        className={COLUMN_CLASSES.scroller}
        // Scrolled with the keyboard too, even while none of its tiles is drawn or focusable.
        tabIndex={0}
        role="region"
        aria-label={`Projets : ${STAGE_LABELS[stage]}`}
        onFocus={onFocus}
        onBlur={onBlur}
      >
        {ordered.length > 0 ? (
          <div
            className={COLUMN_CLASSES.rows}
            style={{ height: ordered.length * ROW_PX - TILE_GAP_PX }}
          >
            {drawn.map((index) => (
              <ProjectTile
                key={ordered[index]._id}
                tile={ordered[index]}
                stage={stage}
                top={index * ROW_PX}
              />
            ))}
          </div>
        ) : null}
        {!column.loading && ordered.length === 0 ? (
          <Text color="fg.muted" textAlign="center" py="6">
            Aucun résultat
          </Text>
        ) : null}
        {column.loading ? (
          <HStack justify="center" py="3" role="status" aria-label="Chargement des projets">
            <Spinner size="sm" />
          </HStack>
        ) : null}
      </div>
    </section>
  );
}
