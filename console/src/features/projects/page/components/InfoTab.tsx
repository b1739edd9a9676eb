import { Stack } from '@chakra-ui/react';
import { ContractualDistance } from '../../../proposals/components/ContractualDistance';
import { SignaturesSummary } from '../../../signatures/components/SignedDocuments';
import { useDraft } from './DraftContext';
import { PROJECT_INFO, RENTAL_FILE, SERVICE_WISH } from '../fields';
import { AlertsPanel } from './AlertsPanel';
import { AssigneesPanel } from './AssigneesPanel';
import { FieldGroup } from './DraftField';
import { NotesPair } from './NotesPair';
import { ServicesList } from './ServicesList';
import { StateSelect } from './StateSelect';

/** Tab 0 'Projet': active alerts, state, wishes, project info, rental file, services, notes, assignees. */
export function InfoTab() {
  const { draft } = useDraft();
  return (
    <Stack gap="4">
      <AlertsPanel />
      <StateSelect />
      <FieldGroup title="Souhait de service" fields={SERVICE_WISH} />
      <FieldGroup title="Informations du projet" fields={PROJECT_INFO} />
      <FieldGroup title="Dossier locatif" fields={RENTAL_FILE} />
      <ContractualDistance />
      <ServicesList />
      <NotesPair title="Bien idéal" clientField="descEstate" staffField="descEstateAdmin" />
      <NotesPair
        title="Futur quartier"
        clientField="futurNeighborhood"
        staffField="futurNeighborhoodAdmin"
      />
      <AssigneesPanel />
      <SignaturesSummary projectId={draft.state.base._id} />
    </Stack>
  );
}
