import { Badge, Button, Stack, Text } from '@chakra-ui/react';
import {
  formatDuration,
  HOST_MESSAGES,
  hostHasGeolocation,
  PROPOSAL_MESSAGES,
} from '@reloc/domain';
import { distancesPending, recomputeDistancesChange } from '../changes';
import { useProjectLink } from '../hooks/useProjectLink';
import { useProposalsStore } from '../store';
import type { ProposalRow } from '../types';

const MODES = [
  ['distanceCar', 'Voiture'],
  ['distanceTransport', 'Transports'],
  ['distanceWalk', 'À pied'],
] as const;

export const TRAVEL_UNAVAILABLE = 'Trajet indisponible';

/** The travel times to the work address (h/min), or why there are none. */
export function TravelTimes({ row }: { row: ProposalRow }) {
  const { hasWorkAddress, places } = useProjectLink();
  const stopped = useProposalsStore((state) => state.pollingStopped);
  const apply = useProposalsStore((state) => state.apply);
  const restartPolling = useProposalsStore((state) => state.restartPolling);
  const host = row._host;
  if (!host?.address) return <Text color="fg.muted">{PROPOSAL_MESSAGES.noAddress}</Text>;
  if (!hasWorkAddress) return <Text color="fg.muted">{PROPOSAL_MESSAGES.noWorkAddress}</Text>;
  const pending = distancesPending(row, places);
  // Geocoded with no point (or never placed while the page waited): as the property page says.
  const geocodedNowhere = host.geocodedAddress === host.address || (pending && stopped);
  if (!hostHasGeolocation(host) && geocodedNowhere)
    return (
      <Text
        color="fg.error"
        fontSize="sm"
        whiteSpace="normal"
        minW="36"
        data-testid={`travel-${row.idSell}`}
      >
        {HOST_MESSAGES.noGeolocation}
      </Text>
    );
  // The job gave up for this route (no time at all), or never answered while the page waited.
  const noTime = MODES.every(([field]) => row[field] === null || row[field] === undefined);
  const unavailable = pending ? stopped : noTime && !!row.lastGeocodingAddress;
  if (unavailable)
    return (
      <Stack gap="1" align="start" minW="32" data-testid={`travel-${row.idSell}`}>
        <Text color="fg.error" fontSize="sm" whiteSpace="normal">
          {TRAVEL_UNAVAILABLE}
        </Text>
        <Button
          size="xs"
          variant="outline"
          onClick={() => {
            restartPolling();
            void apply(row.idSell, recomputeDistancesChange());
          }}
        >
          Recalculer
        </Button>
      </Stack>
    );
  if (pending)
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
