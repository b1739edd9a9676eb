import { Alert, HStack, List, Stack } from '@chakra-ui/react';
import { PROPOSAL_MESSAGES, sortByVisitDate, visitMissingAuthor } from '@reloc/domain';
import { useMemo } from 'react';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { ReadOnlyNote, useFileReadOnly } from '../../../shared/ui/ReadOnly';
import { PdfButton } from '../components/PdfButton';
import { ProposalsTable } from '../components/ProposalsTable';
import { useProjectLink } from '../hooks/useProjectLink';
import { useProposals } from '../hooks/useProposals';

/** Instructions for the staff (billing counts authored visits; reports keep the client informed). */
const HINTS = [
  'Chaque visite doit avoir un auteur (Opérateur, Commercial ou Autre avec un nom) : sans auteur, la facturation sera inexacte.',
  'Un compte rendu est attendu au moins tous les 2 jours pendant les visites.',
  'Une visite annulée garde sa raison : HIL, agence, client ou erreur de saisie.',
  'Prévenez le client de chaque visite planifiée avec « Prévenir le client ».',
];

/** Tab 3 'Visites': every proposal with a visit, by visit date, no paging. */
export function VisitsTab() {
  const { projectId, places } = useProjectLink();
  const { rows, status } = useProposals(projectId, places);
  const visits = useMemo(() => sortByVisitDate(rows), [rows]);
  const readOnly = useFileReadOnly();
  return (
    <Stack gap="4" py="2">
      {readOnly ? <ReadOnlyNote /> : null}
      <Alert.Root status="info" size="sm">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Consignes</Alert.Title>
          <Alert.Description>
            <List.Root ps="4">
              {HINTS.map((hint) => (
                <List.Item key={hint}>{hint}</List.Item>
              ))}
            </List.Root>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <div aria-live="polite">
        {visitMissingAuthor(rows) ? (
          <Alert.Root status="warning" data-testid="visits-missing-author">
            <Alert.Indicator />
            <Alert.Title>{PROPOSAL_MESSAGES.missingAuthor}</Alert.Title>
          </Alert.Root>
        ) : null}
      </div>
      <HStack justify="end">
        <PdfButton projectId={projectId} kind="visits">
          Export PDF des visites
        </PdfButton>
      </HStack>
      {status === 'loading' && rows.length === 0 ? (
        <LoadingState label="Chargement des visites…" />
      ) : status === 'error' && rows.length === 0 ? (
        <EmptyState
          title="Une erreur a eu lieu"
          description="Les visites n’ont pas pu être chargées."
        />
      ) : visits.length === 0 ? (
        <EmptyState
          title="Aucune visite"
          description="Planifiez une visite depuis l’onglet Propositions."
        />
      ) : (
        <ProposalsTable rows={visits} kind="visits" />
      )}
    </Stack>
  );
}
