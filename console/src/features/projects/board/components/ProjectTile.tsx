import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { alertLabel, type ProjectStage } from '@reloc/domain';
import { memo, useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDate } from '../../../../shared/format/date';
import { tileName } from '../../shared/tileName';
import { ASSIGNEE_ROLES, type LeaseTile } from '../../types';

/** Every tile has this height (px), so that a column draws only the tiles on screen. */
export const TILE_HEIGHT_PX = 116;
/** The space between two tiles of a column (px). */
export const TILE_GAP_PX = 8;

const trigramsOf = (tile: LeaseTile) => [
  ...new Set(ASSIGNEE_ROLES.map((role) => tile.assignees?.[role]).filter(Boolean) as string[]),
];

/** What a tile shows (also used as the drag overlay). */
export function TileContent({ tile }: { tile: LeaseTile }) {
  const alerts = tile.activeAlerts?.length ?? 0;
  return (
    <Stack gap="1" fontSize="sm">
      <HStack justify="space-between" align="start" gap="2">
        <Text as="span" fontWeight="semibold" lineClamp={1}>
          {tileName(tile)}
        </Text>
        <HStack gap="1" flexShrink={0}>
          {alerts > 0 ? (
            <Badge
              colorPalette="accent"
              variant="solid"
              title={tile.activeAlerts?.map(alertLabel).join(', ')}
            >
              {`Alerte${alerts > 1 ? `s ${alerts}` : ''}`}
            </Badge>
          ) : null}
          {tile.stopped ? <Badge colorPalette="gray">Abandonné</Badge> : null}
        </HStack>
      </HStack>
      <Text color="fg.muted" lineClamp={1}>
        {tile.company || '—'}
      </Text>
      <HStack gap="1" minH="5" overflow="hidden">
        {(tile.tags ?? []).slice(0, 5).map((tag) => (
          <Badge key={tag} size="sm" variant="subtle">
            {tag}
          </Badge>
        ))}
      </HStack>
      <HStack justify="space-between" color="fg.muted" fontSize="xs">
        <Text>{trigramsOf(tile).join(' · ')}</Text>
        <Text title="Dernier mouvement">{formatDate(tile.lastMove ?? tile.createdAt)}</Text>
      </HStack>
    </Stack>
  );
}

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
    <Box
      ref={ref}
      data-testid="project-tile"
      data-project-id={tile._id}
      position="absolute"
      insetInline="0"
      style={{ top }}
      h={`${TILE_HEIGHT_PX}px`}
      overflow="hidden"
      bg="bg"
      borderWidth="1px"
      borderRadius="l2"
      p="3"
      cursor="grab"
      opacity={drag.isDragging ? 0.4 : 1}
      borderTopWidth={drop.isOver ? '3px' : '1px'}
      borderTopColor={drop.isOver ? 'brand.solid' : undefined}
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
    </Box>
  );
});
