import { Alert, Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { PROPOSAL_MESSAGES } from '@reloc/domain';
import { ReadOnlyGuard } from '../../../shared/ui/ReadOnly';
import type { ProposalRow } from '../types';
import { HostSummary } from './HostSummary';
import { ProposalComments } from './ProposalComments';
import { ProposalControls } from './ProposalControls';
import { TravelTimes } from './TravelTimes';
import { VisitBlock } from './VisitBlock';

type ProposalDetailsProps = {
  row: ProposalRow;
  projectId: string;
  chosen: boolean;
  canChoose: boolean;
  onChoose: (hostId: string | null) => void;
};

/** The expanded row: the property, the controls, the visit, the comments, the final property. */
export function ProposalDetails({
  row,
  projectId,
  chosen,
  canChoose,
  onChoose,
}: ProposalDetailsProps) {
  return (
    <Stack
      gap="4"
      p="4"
      bg="bg.subtle"
      role="region"
      aria-label="Détails de la proposition"
      data-testid={`proposal-details-${row.idSell}`}
    >
      {row.disabled ? (
        <Alert.Root status="info" size="sm">
          <Alert.Indicator />
          <Alert.Title>{PROPOSAL_MESSAGES.disabled}</Alert.Title>
        </Alert.Root>
      ) : null}
      {row._host ? <HostSummary host={row._host} /> : <Text>Bien introuvable</Text>}
      <HStack gap="2">
        <Text color="fg.muted">Trajets :</Text>
        <TravelTimes row={row} />
      </HStack>
      <Separator />
      <ReadOnlyGuard>
        <Stack gap="4">
          <ProposalControls row={row} />
          <Separator />
          <VisitBlock row={row} projectId={projectId} />
          <Separator />
          <ProposalComments row={row} />
          <Separator />
          <Button
            size="sm"
            alignSelf="start"
            variant={chosen ? 'outline' : 'solid'}
            disabled={!canChoose}
            onClick={() => onChoose(chosen ? null : row.idSell)}
          >
            {chosen ? 'Retirer le bien final' : 'Choisir comme bien final'}
          </Button>
        </Stack>
      </ReadOnlyGuard>
    </Stack>
  );
}
