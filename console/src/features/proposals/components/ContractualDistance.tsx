import { Badge, HStack, Text } from '@chakra-ui/react';
import { formatDistanceKm, formatDuration, PROPOSAL_MESSAGES } from '@reloc/domain';
import { valueOf } from '../../projects/page/draft';
import { useDraft } from '../../projects/page/components/DraftContext';
import { useContractualRefresh } from '../hooks/useContractualRefresh';
import { useProjectLink } from '../hooks/useProjectLink';

const numberOf = (value: unknown) => (typeof value === 'number' ? value : null);

/** Beside the work address: the contractual distance (whole km) and time (h/min). */
export function ContractualDistance() {
  const { draft } = useDraft();
  const { hasWorkAddress } = useProjectLink();
  const distance = formatDistanceKm(numberOf(valueOf(draft.state, 'contractualDistance')));
  const time = formatDuration(numberOf(valueOf(draft.state, 'contractualTime')));
  const estimate = valueOf(draft.state, 'contractualEstimate') === true;
  useContractualRefresh(hasWorkAddress && !distance && !time);
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
            {distance || 'Non calculée'}
          </Text>
          <Text>
            <Text as="span" color="fg.muted">
              Temps de trajet contractuel :
            </Text>{' '}
            {time || 'Non calculé'}
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
