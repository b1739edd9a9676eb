import { Box, Heading, Tabs, Text } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { SignatureTemplatesPanel } from '../signatures';

function NotBuiltYet() {
  return (
    <Box bg="bg" borderWidth="1px" borderRadius="l2" p="6" maxW="2xl" data-testid="placeholder">
      <Text>Cet écran arrive dans une prochaine version de la console.</Text>
    </Box>
  );
}

/** The five tabs of the admin page (spec §2), each with its own panel. */
const TABS: readonly { value: string; label: string; Panel: ComponentType }[] = [
  { value: 'clients', label: 'Clients', Panel: NotBuiltYet },
  { value: 'pointage', label: 'Pointage', Panel: NotBuiltYet },
  { value: 'previsionnel', label: 'Pointage prévisionnel', Panel: NotBuiltYet },
  { value: 'trigrammes', label: 'Trigrammes inactifs', Panel: NotBuiltYet },
  { value: 'signatures', label: 'Signature électronique', Panel: SignatureTemplatesPanel },
];

export function AdminPage() {
  return (
    <Box as="section" aria-labelledby="page-title">
      <Heading as="h1" id="page-title" size="xl" mb="3">
        Administration
      </Heading>
      <Tabs.Root defaultValue="clients" lazyMount>
        <Tabs.List overflowX="auto">
          {TABS.map((tab) => (
            <Tabs.Trigger key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map(({ value, Panel }) => (
          <Tabs.Content key={value} value={value}>
            <Panel />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Box>
  );
}
