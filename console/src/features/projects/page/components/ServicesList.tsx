import { Box, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import { SERVICE_LABELS } from '@reloc/domain';
import { useState } from 'react';
import { formatDate } from '../../../../shared/format/date';
import { postLeaseAction } from '../../api';
import { notifyRefusal } from '../../shared/errors';
import { useDraft } from './DraftContext';

/** The services of the project, each toggled done (date) / not done (spec §4). */
export function ServicesList() {
  const { draft, editable } = useDraft();
  const project = draft.state.base;
  const services = project.services ?? [];
  const [busy, setBusy] = useState<string | null>(null);

  const toggle = async (name: string, done: boolean) => {
    setBusy(name);
    try {
      draft.adopt(await postLeaseAction(project._id, { service: { name, done } }));
    } catch (error) {
      notifyRefusal(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box as="section" borderWidth="1px" borderRadius="l3" p="4" bg="bg" aria-label="Services">
      <Text fontWeight="semibold" mb="2">
        Services
      </Text>
      {services.length === 0 ? (
        <Text color="fg.muted">Aucun service proposé</Text>
      ) : (
        <Stack gap="2">
          {services.map((service) => (
            <HStack key={service.name} justify="space-between">
              <Switch.Root
                checked={Boolean(service.done)}
                disabled={!editable || busy === service.name}
                onCheckedChange={(details) => void toggle(service.name, details.checked)}
              >
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label>
                  {SERVICE_LABELS[service.name as keyof typeof SERVICE_LABELS] ?? service.name}
                </Switch.Label>
              </Switch.Root>
              <Text fontSize="sm" color="fg.muted">
                {service.done ? `Fait le ${formatDate(service.done)}` : 'À faire'}
              </Text>
            </HStack>
          ))}
        </Stack>
      )}
    </Box>
  );
}
