import { Button, HStack, Text } from '@chakra-ui/react';
import { useShellStore } from '../../shell/store';
import { currentImpersonation, stopImpersonation } from '../impersonation';

/** Shown on every page while a super admin impersonates someone, with the way back. */
export function ImpersonationBanner() {
  const me = useShellStore((state) => state.me);
  const saved = currentImpersonation();
  if (!saved) return null;
  return (
    <HStack
      role="status"
      bg="orange.subtle"
      color="orange.fg"
      px={{ base: '3', md: '6' }}
      py="2"
      justify="space-between"
      data-testid="impersonation-banner"
    >
      <Text fontSize="sm">
        Vous incarnez {me ? `${me.firstName} ${me.lastName}` : saved.as} ({saved.as}).
      </Text>
      <Button size="xs" variant="solid" colorPalette="orange" onClick={() => stopImpersonation()}>
        Revenir à mon compte
      </Button>
    </HStack>
  );
}
