import { Box, Heading, Tabs } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { SignatureTemplatesPanel } from '../signatures';
import { ClientsPanel } from './components/ClientsPanel';
import { InactiveStaffPanel } from './components/InactiveStaffPanel';
import { PointagePanel, PrevisionnelPanel } from '../billing';
import { BackupsPanel } from './components/BackupsPanel';

/** The tabs of the superadmin's admin page (spec §2, and the backups of issue 16). */
const TABS: readonly { value: string; label: string; Panel: ComponentType }[] = [
  { value: 'clients', label: 'Clients', Panel: ClientsPanel },
  { value: 'pointage', label: 'Pointage', Panel: PointagePanel },
  { value: 'previsionnel', label: 'Pointage prévisionnel', Panel: PrevisionnelPanel },
  { value: 'trigrammes', label: 'Trigrammes inactifs', Panel: InactiveStaffPanel },
  { value: 'signatures', label: 'Signature électronique', Panel: SignatureTemplatesPanel },
  { value: 'sauvegardes', label: 'Sauvegardes', Panel: BackupsPanel },
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
            <Tabs.Trigger key={tab.value} value={tab.value} flexShrink={0}>
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
