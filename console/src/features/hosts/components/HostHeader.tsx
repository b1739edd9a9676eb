import { Alert, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { HostDto } from '../types';
import { ChevronLeftIcon } from './icons';

/** Address and id, a back button on large screens, and the host's warnings (spec §2, §8). */
export function HostHeader({ host }: { host: HostDto }) {
  const navigate = useNavigate();
  const location = useLocation();
  // Back keeps the list's search and page; a page opened directly goes to the list.
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate('/hosts'));
  return (
    <Stack gap="3">
      <HStack gap="3" align="center">
        <Button
          variant="ghost"
          size="sm"
          hideBelow="md"
          onClick={back}
          aria-label="Retour à la liste des biens"
        >
          <ChevronLeftIcon /> Retour
        </Button>
        <Stack gap="0" minW="0">
          <Heading as="h1" size="lg" lineClamp={2}>
            {host.address || 'Bien sans adresse'}
          </Heading>
          <Text fontSize="sm" color="fg.muted" data-testid="host-id">
            Réf. {host._id}
          </Text>
        </Stack>
      </HStack>
      <Stack gap="2" aria-live="polite" data-testid="host-warnings-list">
        {(host.warnings ?? []).map((warning) => (
          <Alert.Root key={warning} status="warning" size="sm">
            <Alert.Indicator />
            <Alert.Title>{warning}</Alert.Title>
          </Alert.Root>
        ))}
      </Stack>
    </Stack>
  );
}
