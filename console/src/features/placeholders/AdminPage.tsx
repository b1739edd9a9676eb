import { Box, Heading, Tabs, Text } from '@chakra-ui/react';
import { SignatureTemplatesPanel } from '../signatures';

/** The five tabs of the admin page (spec §2); only 'Signature électronique' is built yet. */
const TABS = [
  { value: 'clients', label: 'Clients' },
  { value: 'pointage', label: 'Pointage' },
  { value: 'previsionnel', label: 'Pointage prévisionnel' },
  { value: 'trigrammes', label: 'Trigrammes inactifs' },
  { value: 'signatures', label: 'Signature électronique' },
] as const;

export function AdminPage() {
  return (
    <Box as="section" aria-labelledby="page-title">
      <Heading as="h1" id="page-title" size="xl" mb="3">
        Administration
      </Heading>
      <Tabs.Root defaultValue="signatures" lazyMount>
        <Tabs.List overflowX="auto">
          {TABS.map((tab) => (
            <Tabs.Trigger key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Content key={tab.value} value={tab.value}>
            {tab.value === 'signatures' ? (
              <SignatureTemplatesPanel />
            ) : (
              <Box
                bg="bg"
                borderWidth="1px"
                borderRadius="l2"
                p="6"
                maxW="2xl"
                data-testid="placeholder"
              >
                <Text>Cet écran arrive dans une prochaine version de la console.</Text>
              </Box>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Box>
  );
}
