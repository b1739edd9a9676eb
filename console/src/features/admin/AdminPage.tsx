import { Box, Heading, Tabs } from '@chakra-ui/react';
import { type ComponentType, useEffect } from 'react';
import { lazyPart, prefetch, whenIdle } from '../../shared/ui/lazyPart';
import { LoadingState } from '../../shared/ui/LoadingState';
import { ClientsPanel } from './components/ClientsPanel';

// The first tab is part of the page; the others are chunks of their own, fetched on hover of
// their trigger, once the page is idle, or when opened.
const tabLoading = <LoadingState label="Chargement de l’onglet…" />;
const PointagePanel = lazyPart(
  () => import('../billing/admin/PointagePanel'),
  (m) => m.PointagePanel,
  tabLoading,
);
const PrevisionnelPanel = lazyPart(
  () => import('../billing/admin/PrevisionnelPanel'),
  (m) => m.PrevisionnelPanel,
  tabLoading,
);
const InactiveStaffPanel = lazyPart(
  () => import('./components/InactiveStaffPanel'),
  (m) => m.InactiveStaffPanel,
  tabLoading,
);
const SignatureTemplatesPanel = lazyPart(
  () => import('../signatures/admin/SignatureTemplatesPanel'),
  (m) => m.SignatureTemplatesPanel,
  tabLoading,
);
const BackupsPanel = lazyPart(
  () => import('./components/BackupsPanel'),
  (m) => m.BackupsPanel,
  tabLoading,
);
const LAZY_PANELS = [
  PointagePanel,
  PrevisionnelPanel,
  InactiveStaffPanel,
  SignatureTemplatesPanel,
  BackupsPanel,
];

/** The tabs of the superadmin's admin page (spec §2, and the backups of issue 16). */
const TABS: readonly {
  value: string;
  label: string;
  Panel: ComponentType & { load?: () => Promise<unknown> };
}[] = [
  { value: 'clients', label: 'Clients', Panel: ClientsPanel },
  { value: 'pointage', label: 'Pointage', Panel: PointagePanel },
  { value: 'previsionnel', label: 'Pointage prévisionnel', Panel: PrevisionnelPanel },
  { value: 'trigrammes', label: 'Trigrammes inactifs', Panel: InactiveStaffPanel },
  { value: 'signatures', label: 'Signature électronique', Panel: SignatureTemplatesPanel },
  { value: 'sauvegardes', label: 'Sauvegardes', Panel: BackupsPanel },
];

export function AdminPage() {
  useEffect(() => whenIdle(() => prefetch(...LAZY_PANELS)), []);
  return (
    <Box as="section" aria-labelledby="page-title">
      <Heading as="h1" id="page-title" size="xl" mb="3">
        Administration
      </Heading>
      <Tabs.Root defaultValue="clients" lazyMount>
        <Tabs.List overflowX="auto">
          {TABS.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              flexShrink={0}
              onPointerEnter={() => void tab.Panel.load?.().catch(() => undefined)}
            >
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
