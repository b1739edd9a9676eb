import { Badge, HStack, Text } from '@chakra-ui/react';
import {
  departureKey,
  formatDistanceKm,
  formatDuration,
  PROPOSAL_MESSAGES,
  routeKey,
  workKey,
} from '@reloc/domain';
import { valueOf } from '../../projects/page/draft';
import { useDraft } from '../../projects/page/components/DraftContext';
import { useContractualRefresh } from '../hooks/useContractualRefresh';
import { useProjectLink } from '../hooks/useProjectLink';

const numberOf = (value: unknown) => (typeof value === 'number' ? value : null);

/** Beside the work address: the contractual distance (whole km) and time (h/min). */
export function ContractualDistance() {
  const { draft } = useDraft();
  const { hasWorkAddress, places } = useProjectLink();
  const { base } = draft.state;
  // The route of the saved addresses, and whether the figures shown are for it: if not, the
  // job is computing them (the server records the addresses it computed for).
  const from = departureKey(places);
  const to = workKey(places);
  const route = routeKey(from, to);
  const computed = base.lastContractualAddress1 === from && base.lastContractualAddress2 === to;
  const computing = route !== null && !computed;
  useContractualRefresh(computing ? route : null);
  const distance = computing
    ? ''
    : formatDistanceKm(numberOf(valueOf(draft.state, 'contractualDistance')));
  const time = computing ? '' : formatDuration(numberOf(valueOf(draft.state, 'contractualTime')));
  const estimate = valueOf(draft.state, 'contractualEstimate') === true;
  const missing = computing ? 'Calcul en cours…' : null;
  return (
    <HStack
      gap="3"
      flexWrap="wrap"
      borderWidth="1px"
      borderRadius="l3"
      p="4"
      bg="bg"
      data-testid="contractual-distance"
      aria-live="polite"
    >
      {!hasWorkAddress ? (
        <Text color="fg.muted">{PROPOSAL_MESSAGES.noWorkAddress}</Text>
      ) : (
        <>
          <Text>
            <Text as="span" color="fg.muted">
              Distance contractuelle :
            </Text>{' '}
            {distance || missing || 'Non calculée'}
          </Text>
          <Text>
            <Text as="span" color="fg.muted">
              Temps de trajet contractuel :
            </Text>{' '}
            {time || missing || 'Non calculé'}
          </Text>
          {estimate && (distance || time) ? (
            <Badge size="sm" colorPalette="orange">
              estimation
            </Badge>
          ) : null}
        </>
      )}
    </HStack>
  );
}
