import { Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { AddHostDialog } from '../components/AddHostDialog';
import { HostCard } from '../components/HostCard';
import { HostsPager } from '../components/HostsPager';
import { HostsToolbar } from '../components/HostsToolbar';
import { useDebouncedCallback } from '../hooks/useDebouncedCallback';
import { useHostsQuery } from '../hooks/useHostsQuery';
import { useHostsSearch } from '../hooks/useHostsSearch';
import { useHostsView } from '../hooks/useHostsView';

/** Hosts search 200 ms (spec §9). */
export const HOSTS_SEARCH_DEBOUNCE_MS = 200;

/** /hosts: the property catalogue (spec §2 "Properties (hosts)"). */
export function HostsPage() {
  const navigate = useNavigate();
  const { query, setInput, toggleAvailability, setPage } = useHostsQuery();
  const { page, loading, failed } = useHostsSearch(query);
  const [view, setView] = useHostsView();
  const [adding, setAdding] = useState(false);
  const [text, setText] = useState(query.input);
  const [seenInput, setSeenInput] = useState(query.input);
  const search = useDebouncedCallback(setInput, HOSTS_SEARCH_DEBOUNCE_MS);

  // The URL changed under us (back, reload of another query): show its search.
  if (query.input !== seenInput) {
    setSeenInput(query.input);
    if (query.input !== text.trim()) setText(query.input);
  }

  const hosts = page?.hosts ?? [];
  return (
    <Stack gap="4" p={{ base: '3', md: '6' }}>
      <Heading as="h1" size="lg">
        Biens
      </Heading>
      <HostsToolbar
        input={text}
        onInput={(value) => {
          setText(value);
          search(value);
        }}
        isActive={query.isActive}
        onToggle={toggleAvailability}
        view={view}
        onView={setView}
        onAdd={() => setAdding(true)}
      />
      <HostsPager
        page={query.page}
        shown={hosts.length}
        total={page?.total ?? 0}
        onPage={setPage}
      />
      {loading ? (
        <LoadingState label="Chargement des biens…" />
      ) : failed ? (
        <EmptyState
          title="Une erreur a eu lieu"
          description="Les biens n’ont pas pu être chargés."
        />
      ) : hosts.length === 0 ? (
        <EmptyState title="Aucun résultat" />
      ) : (
        <SimpleGrid
          as="ul"
          listStyleType="none"
          aria-label="Biens"
          columns={view === 'grid' ? { base: 1, sm: 2, lg: 3, xl: 4 } : 1}
          gap="3"
        >
          {hosts.map((host) => (
            <li key={host._id}>
              <HostCard host={host} view={view} />
            </li>
          ))}
        </SimpleGrid>
      )}
      <AddHostDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(id) => {
          setAdding(false);
          navigate(`/host/${id}`);
        }}
      />
    </Stack>
  );
}
