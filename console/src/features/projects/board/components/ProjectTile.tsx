import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { alertLabel, type ProjectStage } from '@reloc/domain';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDate } from '../../../../shared/format/date';
import { useInView } from '../../hooks/useInView';
import { ASSIGNEE_ROLES, type LeaseTile } from '../../types';

export const TILE_HEIGHT = '112px';

export const tileName = (tile: Pick<LeaseTile, 'firstName' | 'lastName' | 'userId'>) =>
  [tile.firstName, tile.lastName].filter(Boolean).join(' ') || tile.userId || 'Sans nom';

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
      <HStack gap="1" wrap="wrap" minH="5">
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
 * A tile (Enter opens the project, Space starts a keyboard move): draggable to another column, a drop target to be placed before, and rendered only once
 * it comes near the viewport (a column of thousands stays smooth).
 */
export function ProjectTile({ tile, stage }: { tile: LeaseTile; stage: ProjectStage }) {
  const navigate = useNavigate();
  const [element, setElement] = useState<HTMLElement | null>(null);
  const visible = useInView(element);
  const drag = useDraggable({ id: tile._id, data: { stage } });
  const drop = useDroppable({ id: `tile:${tile._id}`, data: { stage, beforeId: tile._id } });
  const { setNodeRef: setDragRef } = drag;
  const { setNodeRef: setDropRef } = drop;
  const ref = useCallback(
    (node: HTMLElement | null) => {
      setElement(node);
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
      minH={TILE_HEIGHT}
      bg="bg"
      borderWidth="1px"
      borderRadius="l2"
      p="3"
      cursor="grab"
      opacity={drag.isDragging ? 0.4 : 1}
      borderTopWidth={drop.isOver ? '3px' : '1px'}
      borderTopColor={drop.isOver ? 'brand.solid' : undefined}
      // Named by its content when drawn (the label must match what is seen); by the name only
      // while it is off screen and empty.
      aria-label={visible ? undefined : `Projet ${tileName(tile)}`}
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
      {visible ? <TileContent tile={tile} /> : null}
    </Box>
  );
}
