import { Center, Spinner, Stack, Text } from '@chakra-ui/react';

/** A centred spinner with a French label, announced to screen readers. */
export function LoadingState({ label = 'Chargement…' }: { label?: string }) {
  return (
    <Center py="16" role="status" aria-live="polite">
      <Stack align="center" gap="3">
        <Spinner size="lg" color="brand.solid" borderWidth="3px" />
        <Text color="fg.muted">{label}</Text>
      </Stack>
    </Center>
  );
}
