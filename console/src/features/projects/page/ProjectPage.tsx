import { Box, Grid, Tabs } from '@chakra-ui/react';
import { canEditProject, isAdmin } from '@reloc/domain';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../../shared/api/client';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { lazyPart, prefetch, whenIdle } from '../../../shared/ui/lazyPart';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { FileReadOnlyContext } from '../../../shared/ui/ReadOnly';
import { notifyError } from '../../../shared/ui/toaster';
import type { BillingOverrides } from '../../billing/api';
import { useShellStore } from '../../shell/store';
import { fetchProject } from '../api';
import type { ProjectDoc } from '../types';
import { DraftContext } from './components/DraftContext';
import { InfoTab } from './components/InfoTab';
import { MobilePanelButton } from './components/MobilePanelButton';
import { ProjectHeader } from './components/ProjectHeader';
import { DockedSidePanel } from './components/SidePanel';
import { useProjectDraft } from './hooks/useProjectDraft';

// The tabs after 'Projet' are chunks of their own, fetched on hover of their trigger, once the
// page is idle, or when opened: a deep link to the project loads only its first tab.
const tabLoading = <LoadingState label="Chargement de l’onglet…" />;
const TenantTab = lazyPart(
  () => import('./components/TenantTab'),
  (m) => m.TenantTab,
  tabLoading,
);
const ProposalsTab = lazyPart(
  () => import('../../proposals/pages/ProposalsTab'),
  (m) => m.ProposalsTab,
  tabLoading,
);
const VisitsTab = lazyPart(
  () => import('../../proposals/pages/VisitsTab'),
  (m) => m.VisitsTab,
  tabLoading,
);
const DocumentsTab = lazyPart(
  () => import('../../documents/components/DocumentsTab'),
  (m) => m.DocumentsTab,
  tabLoading,
);
const AdminTab = lazyPart(
  () => import('./components/AdminTab'),
  (m) => m.AdminTab,
  tabLoading,
);
const FileHistoryTab = lazyPart(
  () => import('../../audit/FileHistoryTab'),
  (m) => m.FileHistoryTab,
  tabLoading,
);
/** The lazy tab behind each index (0, 'Projet', is part of the page). */
const TAB_PARTS = [
  null,
  TenantTab,
  ProposalsTab,
  VisitsTab,
  DocumentsTab,
  AdminTab,
  FileHistoryTab,
] as const;

/** Route segments of the tabs (spec §2): none for 0 'Projet'. */
const TAB_SEGMENTS = [
  '',
  'tenant',
  'proposals',
  'visits',
  'documents',
  'admin',
  'history',
] as const;
const TAB_LABELS = [
  'Projet',
  'Locataire',
  'Propositions',
  'Visites',
  'Documents',
  'Admin',
  'Historique',
];

/** /project/:id/:tab?/:subId?: loads the project; not found → /reloc. */
export function ProjectPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [project, setProject] = useState<ProjectDoc | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setProject(null);
    setFailed(false);
    fetchProject(id, controller.signal).then(setProject, (error: unknown) => {
      if (controller.signal.aborted) return;
      if (error instanceof ApiError && error.status === 404) {
        navigate('/reloc', { replace: true });
        return;
      }
      notifyError(error);
      setFailed(true);
    });
    return () => controller.abort();
  }, [id, navigate]);

  if (failed)
    return (
      <EmptyState title="Une erreur a eu lieu" description="Le projet n’a pas pu être chargé." />
    );
  if (!project) return <LoadingState label="Chargement du projet…" />;
  return <ProjectView key={project._id} initial={project} />;
}

function ProjectView({ initial }: { initial: ProjectDoc }) {
  const { tab } = useParams();
  const navigate = useNavigate();
  const role = useShellStore((state) => state.me?.role ?? 'OPERATOR');
  const draft = useProjectDraft(initial);
  const project = draft.state.base;
  const editable = canEditProject({ progress: project.progress ?? {} }, role);
  const context = useMemo(() => ({ draft, editable }), [draft, editable]);
  const tabs = isAdmin(role) ? TAB_LABELS : TAB_LABELS.slice(0, 5);
  const current = Math.max(0, TAB_SEGMENTS.indexOf((tab ?? '') as (typeof TAB_SEGMENTS)[number]));
  const selected = current < tabs.length ? current : 0;

  useEffect(
    () => whenIdle(() => prefetch(...TAB_PARTS.slice(1, tabs.length).filter((p) => p !== null))),
    [tabs.length],
  );

  const selectTab = (value: string) => {
    const segment = TAB_SEGMENTS[Number(value)];
    navigate(`/project/${project._id}${segment ? `/${segment}` : ''}`, { replace: true });
  };

  return (
    <DraftContext.Provider value={context}>
      <FileReadOnlyContext.Provider value={!editable}>
        <Box as="section" aria-labelledby="page-title" data-editable={editable}>
          <ProjectHeader status={draft.status} />
          <Grid
            templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 360px' }}
            gap="6"
            alignItems="start"
          >
            <Tabs.Root
              value={String(selected)}
              onValueChange={(d) => selectTab(d.value)}
              lazyMount
              minW="0"
            >
              <Tabs.List overflowX="auto">
                {tabs.map((label, index) => (
                  <Tabs.Trigger
                    key={label}
                    value={String(index)}
                    flexShrink={0}
                    onPointerEnter={() => {
                      const part = TAB_PARTS[index];
                      if (part) prefetch(part);
                    }}
                  >
                    {label}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
              <Tabs.Content value="0">
                <InfoTab />
              </Tabs.Content>
              <Tabs.Content value="1">
                <TenantTab />
              </Tabs.Content>
              {[2, 3, 4, 5].slice(0, tabs.length - 2).map((index) => (
                <Tabs.Content key={index} value={String(index)}>
                  {index === 2 ? (
                    <ProposalsTab />
                  ) : index === 3 ? (
                    <VisitsTab />
                  ) : index === 4 ? (
                    <DocumentsTab projectId={project._id} />
                  ) : (
                    <AdminTab
                      projectId={project._id}
                      role={role}
                      billingOverrides={
                        (project as { billingOverrides?: BillingOverrides }).billingOverrides
                      }
                    />
                  )}
                </Tabs.Content>
              ))}
              {tabs.length > 6 ? (
                <Tabs.Content value="6">
                  <FileHistoryTab projectId={project._id} />
                </Tabs.Content>
              ) : null}
            </Tabs.Root>
            <DockedSidePanel projectId={project._id} />
          </Grid>
          <MobilePanelButton projectId={project._id} />
        </Box>
      </FileReadOnlyContext.Provider>
    </DraftContext.Provider>
  );
}
