import { Box } from '@chakra-ui/react';
import { Outlet } from 'react-router-dom';
import { AppHeader } from '../../features/shell/components/AppHeader';
import { ImpersonationBanner } from '../../features/admin/components/ImpersonationBanner';
import { useShellStore } from '../../features/shell/store';
import { useShellLoad } from '../../features/shell/useShellLoad';
import { LoadFailedState } from '../../shared/ui/EmptyState';
import { LoadingState } from '../../shared/ui/LoadingState';
import { LazyPdfViewer } from '../../shared/pdf-viewer';

/** The default layout: loads the session, then the header with the tabs and the page. */
export function DefaultLayout() {
  const { phase, retry } = useShellLoad();
  const me = useShellStore((state) => state.me);

  if (phase === 'error') {
    return (
      <Box as="main" py="16">
        <LoadFailedState
          description="Votre espace n’a pas pu être chargé."
          onRetry={retry}
          size="md"
        />
      </Box>
    );
  }
  if (phase === 'loading' || !me) {
    return (
      <Box as="main">
        <LoadingState label="Chargement de votre espace…" />
      </Box>
    );
  }
  return (
    <Box minH="100dvh">
      <ImpersonationBanner />
      <AppHeader me={me} />
      <Box as="main" px={{ base: '3', md: '6' }} py="6">
        <Outlet />
      </Box>
      <LazyPdfViewer />
    </Box>
  );
}
