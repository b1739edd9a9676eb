import { Box, Button, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { isAdmin } from '@reloc/domain';
import { useEffect, useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { EmptyState } from '../../shared/ui/EmptyState';
import { LoadingState } from '../../shared/ui/LoadingState';
import { notifyError } from '../../shared/ui/toaster';
import { useShellStore } from '../shell/store';
import { downloadAuditExport, fetchAuditHistory, fetchAuditState } from './api';
import { AuditEventList } from './components/AuditEventList';
import { AuditStateView } from './components/AuditStateView';
import { AuditTimeControls } from './components/AuditTimeControls';
import type { ValueNames } from './display';
import { formatDateTime } from './format';
import type { AuditHistory, AuditState } from './types';

type Load = { status: 'loading' } | { status: 'empty' } | { status: 'failed' } | AuditHistory;

/** 'Historique' (issue 8): the stream's events with their diffs, and the file at any instant. */
export function AuditHistoryTab({ stream, names }: { stream: string; names?: ValueNames }) {
  const role = useShellStore((state) => state.me?.role ?? 'OPERATOR');
  const admin = isAdmin(role);
  const [history, setHistory] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    if (!admin) return;
    const controller = new AbortController();
    setHistory({ status: 'loading' });
    fetchAuditHistory(stream, controller.signal).then(setHistory, (error: unknown) => {
      if (controller.signal.aborted) return;
      if (error instanceof ApiError && error.status === 404) return setHistory({ status: 'empty' });
      notifyError(error);
      setHistory({ status: 'failed' });
    });
    return () => controller.abort();
  }, [stream, admin]);

  if (!admin)
    return <EmptyState title="Accès refusé" description="L’historique est réservé aux admins." />;
  if ('status' in history) {
    if (history.status === 'loading') return <LoadingState label="Chargement de l’historique…" />;
    if (history.status === 'empty')
      return <EmptyState title="Aucun événement" description="Ce dossier n’a pas d’historique." />;
    return (
      <EmptyState title="Une erreur a eu lieu" description="L’historique n’a pas pu être chargé." />
    );
  }
  return <HistoryView key={history.events.length} history={history} names={names} />;
}

function HistoryView({ history, names }: { history: AuditHistory; names?: ValueNames }) {
  const { stream, events } = history;
  const [at, setAt] = useState(events[events.length - 1].createdAt);
  const [shown, setShown] = useState<AuditState | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    fetchAuditState(stream, at, controller.signal).then(setShown, (error: unknown) => {
      if (controller.signal.aborted) return;
      notifyError(error);
      setFailed(true);
    });
    return () => controller.abort();
  }, [stream, at]);

  const download = (format: 'json' | 'pdf') =>
    void downloadAuditExport(stream, format).catch(notifyError);

  return (
    <Stack gap="4" pt="4">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text color="fg.muted" fontSize="sm">
          {events.length} événement{events.length > 1 ? 's' : ''} · flux {stream}
        </Text>
        <HStack gap="2">
          <Button size="sm" variant="outline" onClick={() => download('json')}>
            Télécharger (JSON)
          </Button>
          <Button size="sm" variant="outline" onClick={() => download('pdf')}>
            Télécharger (PDF)
          </Button>
        </HStack>
      </HStack>
      <AuditTimeControls events={events} at={at} onChange={setAt} />
      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap="6">
        <Box as="section" aria-labelledby="audit-state-title" aria-busy={!shown}>
          <Heading as="h3" size="md" id="audit-state-title" mb="3">
            Le dossier au {formatDateTime(at)}
          </Heading>
          {failed ? (
            <Text color="fg.error">Une erreur a eu lieu</Text>
          ) : shown ? (
            <Box aria-live="polite">
              <Text fontSize="xs" color="fg.muted" mb="2">
                Lecture seule · révision {shown.revision}
              </Text>
              <AuditStateView groups={shown.groups} aggregate={history.aggregate} names={names} />
            </Box>
          ) : (
            <LoadingState label="Chargement de l’état…" />
          )}
        </Box>
        <Box as="section" aria-labelledby="audit-events-title">
          <Heading as="h3" size="md" id="audit-events-title" mb="3">
            Événements
          </Heading>
          <AuditEventList
            events={events}
            shownRevision={shown?.revision ?? events.length - 1}
            aggregate={history.aggregate}
            names={names}
          />
        </Box>
      </Grid>
    </Stack>
  );
}
