import { Box, Heading, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import type { HostSync, HostSyncStatus } from '../hooks/useHostSync';
import { HostFormFields } from './HostFormFields';
import { HostPhotos } from './HostPhotos';

const STATUS_TEXT: Record<HostSyncStatus, string> = {
  saved: 'Enregistré',
  pending: 'Modifications en attente…',
  saving: 'Enregistrement…',
  invalid: 'Non enregistré : corrigez les champs en erreur',
  error: 'Non enregistré',
};

/** The editable host (spec §2): every change is synced by `useHostSync`. */
export function HostDetailCard({ sync }: { sync: HostSync }) {
  const { form, errors, status, setField } = sync;
  return (
    <Box
      as="section"
      aria-labelledby="host-detail-title"
      borderWidth="1px"
      borderRadius="l3"
      p="4"
      bg="bg"
    >
      <Stack gap="4">
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h2" size="md" id="host-detail-title">
            Le bien
          </Heading>
          <Text
            fontSize="sm"
            color={status === 'invalid' || status === 'error' ? 'fg.error' : 'fg.muted'}
            aria-live="polite"
            data-testid="host-sync-status"
            data-status={status}
          >
            {STATUS_TEXT[status]}
          </Text>
        </HStack>
        <HStack gap="6" wrap="wrap">
          <Switch.Root
            checked={form.isActive}
            onCheckedChange={(details) => setField('isActive', details.checked)}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>Disponible</Switch.Label>
          </Switch.Root>
          <Switch.Root
            checked={form.publish}
            onCheckedChange={(details) => setField('publish', details.checked)}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>Publié</Switch.Label>
          </Switch.Root>
        </HStack>
        <HostFormFields form={form} errors={errors} onChange={setField} />
        <HostPhotos photos={form.photoUrlEstate} onChange={sync.updatePhotos} />
      </Stack>
    </Box>
  );
}
