import { Box, Button, HStack, Stack, Switch } from '@chakra-ui/react';
import { CONTRACT_TYPES } from '@reloc/domain';
import { useState } from 'react';
import { notifyError } from '../../../../shared/ui/toaster';
import { downloadInformationSheet } from '../../../documents/api';
import { valueOf } from '../draft';
import { companyFields, HOUSEHOLD, IDENTITY, personFields, SITUATION_NOTES } from '../fields';
import { useDraft } from './DraftContext';
import { FieldGroup } from './DraftField';
import { NotesPair } from './NotesPair';

const contractTypes = CONTRACT_TYPES as readonly string[];

/** The information sheet (PDF) built by the API from the project's data. */
function InformationSheetButton({ projectId }: { projectId: string }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadInformationSheet(projectId);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="sm"
      variant="outline"
      loading={busy}
      loadingText="Téléchargement…"
      data-testid="information-sheet"
      onClick={() => void run()}
    >
      Télécharger la fiche de renseignement
    </Button>
  );
}

/** Tab 1 'Locataire': tenant, company, co-applicant (switch), guarantors 1 and 2, notes. */
export function TenantTab() {
  const { draft, editable } = useDraft();
  const coEnabled = valueOf(draft.state, 'coEnabled') === true;
  return (
    <Stack gap="4">
      <HStack justify="end">
        <InformationSheetButton projectId={draft.state.base._id} />
      </HStack>
      <FieldGroup title="Locataire" fields={IDENTITY} />
      <FieldGroup title="Foyer et revenus" fields={HOUSEHOLD} />
      <FieldGroup title="Entreprise" fields={companyFields(contractTypes)} />
      <Box borderWidth="1px" borderRadius="l3" p="4" bg="bg">
        <Switch.Root
          checked={coEnabled}
          disabled={!editable}
          onCheckedChange={(details) => draft.setField('coEnabled', details.checked)}
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>Co-locataire</Switch.Label>
        </Switch.Root>
      </Box>
      {coEnabled ? (
        <FieldGroup title="Co-locataire" fields={personFields('co', contractTypes)} />
      ) : null}
      <FieldGroup title="Garant 1" fields={personFields('g1', contractTypes)} />
      <FieldGroup title="Garant 2" fields={personFields('g2', contractTypes)} />
      <FieldGroup title="Notes" fields={SITUATION_NOTES} />
      <NotesPair title="À propos (client)" clientField="aboutYou" staffField="aboutYouAdmin" />
    </Stack>
  );
}
