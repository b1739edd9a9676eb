import {
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { type ProjectStage, STAGE_LABELS } from '@reloc/domain';
import { Box } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import type { LeaseTile } from '../../types';
import type { DropTarget } from '../hooks/useBoardData';
import { TileContent } from './ProjectTile';

/** A tile under the pointer wins over its column; the keyboard falls back to the overlap. */
const collision: CollisionDetection = (args) => {
  const hits = args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args);
  const tile = hits.find((hit) => String(hit.id).startsWith('tile:'));
  return tile ? [tile] : hits;
};

/** Arrow keys jump a column sideways, a tile up or down. */
const keyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  const step = {
    ArrowRight: [290, 0],
    ArrowLeft: [-290, 0],
    ArrowDown: [0, 80],
    ArrowUp: [0, -80],
  }[event.code];
  if (!step) return undefined;
  event.preventDefault();
  return { x: currentCoordinates.x + step[0], y: currentCoordinates.y + step[1] };
};

type BoardDndProps = {
  tiles: Record<string, LeaseTile>;
  onDrop: (id: string, target: DropTarget) => void;
  /**
   * Why a drop of the tile on that column is refused: null allowed, undefined not known yet
   * (the whole file is still loading; the drop itself then says it).
   */
  refusal?: (id: string, stage: ProjectStage) => string | null | undefined;
  /** A tile was picked up (the page may fetch its whole file for the drop's checks). */
  onPick?: (id: string) => void;
  children: ReactNode;
};

/** dnd-kit for the board: pointer (after 6 px, so a click still opens) and keyboard. */
export function BoardDnd({ tiles, onDrop, refusal, onPick, children }: BoardDndProps) {
  const [active, setActive] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: keyboardCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );

  const handleStart = (event: DragStartEvent) => {
    setActive(String(event.active.id));
    onPick?.(String(event.active.id));
  };
  // The stage a column (or the tile picked from it) carries in its dnd-kit data.
  const stageOf = (item: { data: { current?: unknown } } | null) =>
    (item?.data.current as { stage?: ProjectStage } | undefined)?.stage;
  const handleEnd = ({ active: dragged, over }: DragEndEvent) => {
    setActive(null);
    const data = over?.data.current as
      { stage?: ProjectStage; beforeId?: string | null } | undefined;
    if (!data?.stage || data.beforeId === dragged.id) return;
    onDrop(String(dragged.id), { stage: data.stage, beforeId: data.beforeId ?? null });
  };

  const activeTile = active ? tiles[active] : undefined;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={handleStart}
      onDragEnd={handleEnd}
      onDragCancel={() => setActive(null)}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'Espace pour saisir le projet, flèches pour le déplacer, Espace pour le déposer, Échap pour annuler.',
        },
        announcements: {
          // Each names the column, so a screen-reader user knows where the project is.
          onDragStart: ({ active: picked }) => {
            const from = stageOf(picked);
            return from ? `Projet saisi, colonne « ${STAGE_LABELS[from]} ».` : 'Projet saisi.';
          },
          onDragOver: ({ over }) => {
            const stage = stageOf(over);
            return stage
              ? `Au-dessus de la colonne « ${STAGE_LABELS[stage]} ».`
              : 'Hors des colonnes.';
          },
          // A drop the rules refuse says why at once; one they allow is said to be sent, and
          // whether it was taken is said once the server answers (the board's status line).
          onDragEnd: ({ active: dragged, over }) => {
            const stage = stageOf(over);
            if (!stage) return 'Projet relâché hors des colonnes.';
            const reason = refusal ? refusal(String(dragged.id), stage) : null;
            return reason ?? `Projet relâché sur « ${STAGE_LABELS[stage]} », envoi en cours.`;
          },
          onDragCancel: () => 'Déplacement annulé.',
        },
      }}
    >
      {children}
      <DragOverlay>
        {activeTile ? (
          <Box bg="bg" borderWidth="1px" borderRadius="l2" p="3" boxShadow="lg" w="264px">
            <TileContent tile={activeTile} />
          </Box>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
