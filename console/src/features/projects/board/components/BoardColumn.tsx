import { Badge, Box, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useDroppable } from '@dnd-kit/core';
import { type ProjectStage, READ_ONLY_COLUMNS, STAGE_LABELS } from '@reloc/domain';
import { useEffect, useState } from 'react';
import { useIsIntersecting } from '../../hooks/useInView';
import type { LeaseTile } from '../../types';
import type { ColumnState } from '../hooks/useBoardData';
import { ProjectTile } from './ProjectTile';

type BoardColumnProps = {
  stage: ProjectStage;
  column: ColumnState;
  tiles: LeaseTile[];
  hiddenOnSmall: boolean;
  onLoadMore: (stage: ProjectStage) => void;
};

/** One stage: its title and count, its tiles, and the next page when scrolled to the end. */
export function BoardColumn({ stage, column, tiles, hiddenOnSmall, onLoadMore }: BoardColumnProps) {
  const readOnly = (READ_ONLY_COLUMNS as readonly string[]).includes(stage);
  const { setNodeRef, isOver } = useDroppable({
    id: `column:${stage}`,
    data: { stage, beforeId: null },
    disabled: readOnly,
  });
  const [sentinel, setSentinel] = useState<HTMLElement | null>(null);
  const nearEnd = useIsIntersecting(sentinel);
  const hasMore = column.ids.length < column.total;
  const titleId = `column-${stage}-title`;

  useEffect(() => {
    if (nearEnd && hasMore && !column.loading) onLoadMore(stage);
  }, [nearEnd, hasMore, column.loading, onLoadMore, stage]);

  return (
    <Box
      as="section"
      aria-labelledby={titleId}
      data-testid={`column-${stage}`}
      data-read-only={readOnly || undefined}
      display={{ base: hiddenOnSmall ? 'none' : 'flex', md: 'flex' }}
      flexDirection="column"
      flex={{ base: '1 1 100%', md: '1 0 240px' }}
      maxW={{ md: '360px' }}
      minW="0"
      maxH="calc(100dvh - 220px)"
      bg={isOver ? 'brand.subtle' : 'bg.muted'}
      borderRadius="l3"
      p="2"
    >
      <HStack justify="space-between" px="1" pb="2">
        <Heading as="h2" id={titleId} size="sm" lineClamp={1}>
          {STAGE_LABELS[stage]}
        </Heading>
        <Badge variant="solid" aria-label={`${column.total} projets`}>
          {column.total}
        </Badge>
      </HStack>
      <Stack ref={setNodeRef} gap="2" overflowY="auto" flex="1" minH="24" pb="2">
        {tiles.map((tile) => (
          <ProjectTile key={tile._id} tile={tile} stage={stage} />
        ))}
        {!column.loading && tiles.length === 0 ? (
          <Text color="fg.muted" textAlign="center" py="6">
            Aucun résultat
          </Text>
        ) : null}
        <Box ref={setSentinel} minH="1px" aria-hidden />
        {column.loading ? (
          <HStack justify="center" py="3" role="status" aria-label="Chargement des projets">
            <Spinner size="sm" />
          </HStack>
        ) : null}
      </Stack>
    </Box>
  );
}
