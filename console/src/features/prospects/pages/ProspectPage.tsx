import { Box, Grid, Tabs } from '@chakra-ui/react';
import { isAdmin, PROSPECT_MESSAGES } from '@reloc/domain';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../../shared/api/client';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { lazyPart } from '../../../shared/ui/lazyPart';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { notifyError } from '../../../shared/ui/toaster';
import { DraftContext } from '../../projects/page/components/DraftContext';
import { MobilePanelButton } from '../../projects/page/components/MobilePanelButton';
import { DockedSidePanel } from '../../projects/page/components/SidePanel';
import { useProjectDraft } from '../../projects/page/hooks/useProjectDraft';
import { useShellStore } from '../../shell/store';
import { fetchProspect, fetchProspectTimeline, PROSPECT_DRAFT_IO } from '../api';
import type { ProspectFile } from '../api';
import { FilesPane } from '../components/FilesPane';
import { ProspectAdminTab } from '../components/ProspectAdminTab';
import { ProspectHeader } from '../components/ProspectHeader';
import { ProspectInfoTab } from '../components/ProspectInfoTab';
import type { ProspectDoc } from '../types';

type Failure = 'forbidden' | 'notFound' | 'error';

const FAILURES: Record<Failure, { title: string; description: string }> = {
  forbidden: { title: 'Accès refusé', description: PROSPECT_MESSAGES.forbidden },
  notFound: { title: PROSPECT_MESSAGES.notFound, description: 'Ce prospect n’existe pas.' },
  error: { title: 'Une erreur a eu lieu', description: 'Le prospect n’a pas pu être chargé.' },
};

/** The history tab: its own chunk, fetched when opened. */
const AuditHistoryTab = lazyPart(
  () => import('../../audit/AuditHistoryTab'),
  (m) => m.AuditHistoryTab,
  <LoadingState label="Chargement de l’onglet…" />,
);

/** /prospect/:id/:tab?: loads the prospect; 403 → a French explanation. */
export function ProspectPage() {
  const { id = '' } = useParams();
  const [prospect, setProspect] = useState<ProspectDoc | null>(null);
  const [failed, setFailed] = useState<Failure | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setProspect(null);
    setFailed(null);
    fetchProspect(id, controller.signal).then(setProspect, (error: unknown) => {
      if (controller.signal.aborted) return;
      if (error instanceof ApiError && error.status === 403) return setFailed('forbidden');
      if (error instanceof ApiError && (error.status === 404 || error.status === 400))
        return setFailed('notFound');
      notifyError(error);
      setFailed('error');
    });
    return () => controller.abort();
  }, [id]);

  if (failed) return <EmptyState {...FAILURES[failed]} />;
  if (!prospect) return <LoadingState label="Chargement du prospect…" />;
  return <ProspectView key={prospect._id} initial={prospect} />;
}

function ProspectView({ initial }: { initial: ProspectDoc }) {
  const { tab } = useParams();
  const navigate = useNavigate();
  const role = useShellStore((state) => state.me?.role ?? 'OPERATOR');
  const draft = useProjectDraft(initial, PROSPECT_DRAFT_IO);
  const prospect = draft.state.base as ProspectDoc;
  const editable = prospect.canEdit !== false;
  const context = useMemo(() => ({ draft, editable }), [draft, editable]);
  const admin = isAdmin(role);
  const selected = admin && (tab === 'admin' || tab === 'history') ? tab : 'infos';
  const panel = {
    projectId: prospect._id,
    loadTimeline: fetchProspectTimeline,
    extraTab: {
      label: 'Fichiers',
      content: (
        <FilesPane
          prospectId={prospect._id}
          initial={(initial.files as ProspectFile[] | undefined) ?? []}
          editable={editable}
        />
      ),
    },
  };

  return (
    <DraftContext.Provider value={context}>
      <Box as="section" aria-labelledby="page-title">
        <ProspectHeader status={draft.status} />
        <Grid
          templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 360px' }}
          gap="6"
          alignItems="start"
        >
          <Tabs.Root
            value={selected}
            onValueChange={(details) =>
              navigate(
                `/prospect/${prospect._id}${details.value === 'infos' ? '' : `/${details.value}`}`,
                {
                  replace: true,
                },
              )
            }
            lazyMount
          >
            <Tabs.List>
              <Tabs.Trigger value="infos">Infos</Tabs.Trigger>
              {admin ? <Tabs.Trigger value="admin">Admin</Tabs.Trigger> : null}
              {admin ? <Tabs.Trigger value="history">Historique</Tabs.Trigger> : null}
            </Tabs.List>
            <Tabs.Content value="infos">
              <ProspectInfoTab />
            </Tabs.Content>
            {admin ? (
              <Tabs.Content value="admin">
                <ProspectAdminTab />
              </Tabs.Content>
            ) : null}
            {admin ? (
              <Tabs.Content value="history">
                <AuditHistoryTab stream={`prospect-${prospect._id}`} />
              </Tabs.Content>
            ) : null}
          </Tabs.Root>
          <DockedSidePanel {...panel} />
        </Grid>
        <MobilePanelButton {...panel} />
      </Box>
    </DraftContext.Provider>
  );
}
