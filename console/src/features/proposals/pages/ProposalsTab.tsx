import { ReadOnlyGuard } from '../../../shared/ui/ReadOnly';
import { HStack, Stack, Text } from '@chakra-ui/react';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { AddProposalForm } from '../components/AddProposalForm';
import { PdfButton } from '../components/PdfButton';
import { ProposalsTable } from '../components/ProposalsTable';
import { useProjectLink } from '../hooks/useProjectLink';
import { useProposals } from '../hooks/useProposals';

/** Tab 2 'Propositions': the file's proposals, add by property id, the PDF exports. */
export function ProposalsTab() {
  const { projectId, places } = useProjectLink();
  const { rows, status } = useProposals(projectId, places);
  return (
    <Stack gap="4" py="2">
      <HStack justify="space-between" align="end" flexWrap="wrap" gap="3">
        <ReadOnlyGuard>
          <AddProposalForm />
        </ReadOnlyGuard>
        <HStack gap="2" role="group" aria-label="Export PDF des propositions">
          <Text fontSize="sm" color="fg.muted">
            Export PDF :
          </Text>
          <PdfButton projectId={projectId} kind="proposals">
            Tous les biens
          </PdfButton>
          <PdfButton projectId={projectId} kind="liked">
            Biens aimés seulement
          </PdfButton>
        </HStack>
      </HStack>
      {status === 'loading' && rows.length === 0 ? (
        <LoadingState label="Chargement des propositions…" />
      ) : status === 'error' && rows.length === 0 ? (
        <EmptyState
          title="Une erreur a eu lieu"
          description="Les propositions n’ont pas pu être chargées."
        />
      ) : rows.length === 0 ? (
        <EmptyState title="Aucune proposition" description="Ajoutez un bien par son identifiant." />
      ) : (
        <ProposalsTable rows={rows} kind="proposals" />
      )}
    </Stack>
  );
}
