import { Button, Grid, Stack } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { useLoadById } from '../../../shared/sync/useLoadById';
import { fetchHost } from '../api';
import { AddToFileCard } from '../components/AddToFileCard';
import { HostDetailCard } from '../components/HostDetailCard';
import { HostHeader } from '../components/HostHeader';
import { ProposedFilesCard } from '../components/ProposedFilesCard';
import { useHostProposals } from '../hooks/useHostProposals';
import { useHostSync } from '../hooks/useHostSync';
import type { HostDto } from '../types';

/** /host/:id: loads the host; an unknown id shows 'Aucun résultat' with a way back. */
export function HostPage() {
  const { id = '' } = useParams();
  const loaded = useLoadById(id, fetchHost);

  if (loaded === null) return <LoadingState label="Chargement du bien…" />;
  if ('doc' in loaded) return <HostView key={loaded.doc._id} initial={loaded.doc} />;
  return (
    <EmptyState
      title={'missing' in loaded ? 'Aucun résultat' : 'Une erreur a eu lieu'}
      description={
        'missing' in loaded ? "Ce bien n'existe pas." : 'Le bien n’a pas pu être chargé.'
      }
    >
      <Button asChild variant="outline">
        <RouterLink to="/hosts">Retour à la liste des biens</RouterLink>
      </Button>
    </EmptyState>
  );
}

function HostView({ initial }: { initial: HostDto }) {
  const sync = useHostSync(initial);
  const { proposals, reload } = useHostProposals(initial._id);
  return (
    <Stack gap="4" p={{ base: '3', md: '6' }}>
      <HostHeader host={sync.host} />
      <Grid
        templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(18rem, 1fr)' }}
        gap="4"
        alignItems="start"
      >
        <HostDetailCard sync={sync} />
        <Stack gap="4">
          <ProposedFilesCard proposals={proposals} />
          <AddToFileCard hostId={initial._id} onAdded={reload} />
        </Stack>
      </Grid>
    </Stack>
  );
}
