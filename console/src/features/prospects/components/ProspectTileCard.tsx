import { Badge, Box, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { alertLabel, PROSPECT_MESSAGES } from '@reloc/domain';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../../../shared/format/date';
import type { ProspectTile } from '../types';
import { NewActivityFlame } from '../../notifications/components/NewActivityFlame';

/** A prospect tile: a link to /prospect/{id} only when the user may open it (spec §6). */
export function ProspectTileCard({ tile }: { tile: ProspectTile }) {
  const reasonId = useId();
  const body = (
    <Stack gap="1">
      <HStack justify="space-between" align="start" wrap="wrap" gap="1">
        <HStack gap="1" align="center" minW="0">
          <Text fontWeight="semibold" overflowWrap="anywhere">
            {tile.name}
          </Text>
          {tile.flame ? <NewActivityFlame /> : null}
        </HStack>
        {tile.stopped ? (
          <Badge colorPalette="red" size="sm">
            Abandonné
          </Badge>
        ) : null}
      </HStack>
      <Text fontSize="xs" color={tile.invalid ? 'red.fg' : 'fg.muted'}>
        {tile.stageLabel}
      </Text>
      {tile.tags.length || tile.alerts.length ? (
        <HStack gap="1" wrap="wrap">
          {tile.tags.map((tag) => (
            <Badge key={tag} size="sm" variant="subtle">
              {tag}
            </Badge>
          ))}
          {tile.alerts.map((alert) => (
            <Badge key={alert} size="sm" colorPalette="orange">
              {alertLabel(alert)}
            </Badge>
          ))}
        </HStack>
      ) : null}
      <HStack
        justify="space-between"
        wrap="wrap"
        columnGap="2"
        rowGap="0"
        fontSize="xs"
        color="fg.muted"
      >
        <Text>
          <span aria-label="Lead">{tile.leadTrigram}</span>
          {' / '}
          <span aria-label="Commercial">{tile.saleTrigram}</span>
        </Text>
        <Text>{formatDate(tile.lastMove)}</Text>
      </HStack>
      {tile.tooltip ? (
        <Text fontSize="xs" color="orange.fg">
          {tile.tooltip}
        </Text>
      ) : null}
    </Stack>
  );
  const frame = {
    display: 'block',
    bg: 'bg',
    borderWidth: '1px',
    borderRadius: 'l2',
    p: '2',
    title: tile.tooltip ?? undefined,
  } as const;
  if (tile.canOpen)
    return (
      <Link
        asChild
        {...frame}
        data-testid="prospect-tile"
        _hover={{ borderColor: 'brand.solid', textDecoration: 'none' }}
      >
        <RouterLink to={`/prospect/${tile._id}`}>{body}</RouterLink>
      </Link>
    );
  return (
    <Box
      {...frame}
      // The reason is on every such tile: said to screen readers and on hover, not printed.
      title={tile.tooltip ?? PROSPECT_MESSAGES.forbidden}
      data-testid="prospect-tile"
      aria-describedby={reasonId}
      // Greyed by its frame only: the text keeps its full contrast.
      bg="bg.subtle"
      borderStyle="dashed"
      cursor="not-allowed"
    >
      {body}
      <Text id={reasonId} srOnly>
        {PROSPECT_MESSAGES.forbidden}
      </Text>
    </Box>
  );
}
