import { Badge, Stack, Text } from '@chakra-ui/react';
import { formatDuration, PROPOSAL_MESSAGES } from '@reloc/domain';
import { distancesPending } from '../changes';
import { useProjectLink } from '../hooks/useProjectLink';
import { useProposalsStore } from '../store';
import type { ProposalRow } from '../types';

const MODES = [
  ['distanceCar', 'Voiture'],
  ['distanceTransport', 'Transports'],
  ['distanceWalk', 'À pied'],
] as const;

/** The travel times to the work address (h/min), or why there are none. */
export function TravelTimes({ row }: { row: ProposalRow }) {
  const { hasWorkAddress, places } = useProjectLink();
  const stopped = useProposalsStore((state) => state.pollingStopped);
  if (!row._host?.address) return <Text color="fg.muted">{PROPOSAL_MESSAGES.noAddress}</Text>;
  if (!hasWorkAddress) return <Text color="fg.muted">{PROPOSAL_MESSAGES.noWorkAddress}</Text>;
  if (!stopped && distancesPending(row, places))
    return (
      <Text color="fg.muted" aria-live="polite">
        Calcul en cours…
      </Text>
    );
  return (
    <Stack gap="0" fontSize="sm" data-testid={`travel-${row.idSell}`}>
      {MODES.map(([field, label]) => (
        <Text key={field}>
          {label} : {formatDuration(row[field]) || '—'}
        </Text>
      ))}
      {row.distanceEstimate ? (
        <Badge alignSelf="start" size="sm" colorPalette="orange">
          estimation
        </Badge>
      ) : null}
    </Stack>
  );
}
