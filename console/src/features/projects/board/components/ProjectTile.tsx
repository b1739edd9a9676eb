import { useDraggable, useDroppable } from '@dnd-kit/core';
import { alertLabel, type ProjectStage } from '@reloc/domain';
import { memo, useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDate } from '../../../../shared/format/date';
import { tileName } from '../../shared/tileName';
import { ASSIGNEE_ROLES, type LeaseTile } from '../../types';
import { TILE_CLASSES } from '../tileCss';

/** Every tile has this height (px), so that a column draws only the tiles on screen. */
export const TILE_HEIGHT_PX = 116;
/** The space between two tiles of a column (px). */
export const TILE_GAP_PX = 8;

const trigramsOf = (tile: LeaseTile) => [
  ...new Set(ASSIGNEE_ROLES.map((role) => tile.assignees?.[role]).filter(Boolean) as string[]),
];

/**
 * What a tile shows (also used as the drag overlay): plain elements styled by the classes of
 * ../tileCss.ts (the same look as Chakra's Stack, Text and Badge, without their work per render);
 * drawn again only when its tile changes.
 */
export const TileContent = memo(function TileContent({ tile }: { tile: LeaseTile }) {
  const alerts = tile.activeAlerts?.length ?? 0;
  return (
    <div className={TILE_CLASSES.body}>
      <div className={TILE_CLASSES.head}>
        <span className={TILE_CLASSES.name}>{tileName(tile)}</span>
        <div className={TILE_CLASSES.badges}>
          {alerts > 0 ? (
            <span
              className={TILE_CLASSES.alert}
              title={tile.activeAlerts?.map(alertLabel).join(', ')}
            >
              {`Alerte${alerts > 1 ? `s ${alerts}` : ''}`}
            </span>
          ) : null}
          {tile.stopped ? <span className={TILE_CLASSES.stopped}>Abandonné</span> : null}
        </div>
      </div>
      <p className={TILE_CLASSES.company}>{tile.company || '—'}</p>
      <div className={TILE_CLASSES.tags}>
        {(tile.tags ?? []).slice(0, 5).map((tag) => (
          <span key={tag} className={TILE_CLASSES.tag}>
            {tag}
          </span>
        ))}
      </div>
      <div className={TILE_CLASSES.foot}>
        <p>{trigramsOf(tile).join(' · ')}</p>
        <p title="Dernier mouvement">{formatDate(tile.lastMove ?? tile.createdAt)}</p>
      </div>
    </div>
  );
});

/**
 * A tile (Enter opens the project, Space starts a keyboard move): draggable to another column,
 * and a drop target to be placed before; drawn at `top` (px) in its column's list.
 */
export const ProjectTile = memo(function ProjectTile({
  tile,
  stage,
  top,
}: {
  tile: LeaseTile;
  stage: ProjectStage;
  top: number;
}) {
  const navigate = useNavigate();
  const drag = useDraggable({ id: tile._id, data: { stage } });
  const drop = useDroppable({ id: `tile:${tile._id}`, data: { stage, beforeId: tile._id } });
  const { setNodeRef: setDragRef } = drag;
  const { setNodeRef: setDropRef } = drop;
  const ref = useCallback(
    (node: HTMLElement | null) => {
      setDragRef(node);
      setDropRef(node);
    },
    [setDragRef, setDropRef],
  );

  return (
    <div
      ref={ref}
      data-testid="project-tile"
      data-project-id={tile._id}
      className={TILE_CLASSES.tile}
      style={{ top, height: TILE_HEIGHT_PX }}
      data-dragging={drag.isDragging || undefined}
      data-over={drop.isOver || undefined}
      {...drag.attributes}
      {...drag.listeners}
      aria-roledescription="projet déplaçable"
      title="Entrée : ouvrir · Espace : déplacer"
      onClick={() => navigate(`/project/${tile._id}`)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') navigate(`/project/${tile._id}`);
        else drag.listeners?.onKeyDown?.(event);
      }}
    >
      <TileContent tile={tile} />
    </div>
  );
});
