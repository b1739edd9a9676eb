import { Badge, DataList, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { formatDate } from '../../../shared/format/date';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { fetchBackupStatus, type BackupStatus } from '../api';

const pad = (n: number) => String(n).padStart(2, '0');
const dateTime = (iso: string) => {
  const date = new Date(iso);
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** 12 min, 2 h 05, 3 j 4 h: how old the last good backup is. */
export function formatAge(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return 'moins d’une minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${pad(minutes % 60)}`;
  return `${Math.floor(hours / 24)} j ${hours % 24} h`;
}

const period = (seconds: number) =>
  seconds % 3600 === 0 ? `${seconds / 3600} h` : `${Math.round(seconds / 60)} min`;

/** Admin → 'Sauvegardes' (superadmin): the scheduled backups and their last result (issue 16). */
export function BackupsPanel() {
  const [status, setStatus] = useState<BackupStatus | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchBackupStatus(controller.signal).then(setStatus, () => {
      if (!controller.signal.aborted) setFailed(true);
    });
    return () => controller.abort();
  }, []);

  if (failed)
    return <EmptyState title="Une erreur a eu lieu" description="L’état n’a pas pu être chargé." />;
  if (!status) return <LoadingState label="Chargement des sauvegardes…" />;
  if (!status.enabled)
    return (
      <EmptyState
        title="Sauvegardes programmées désactivées"
        description="Définissez RELOC_BACKUP_DIR (et RELOC_BACKUP_EVERY, RELOC_BACKUP_KEEP) pour en faire automatiquement ; npm run backup en fait une à la demande."
      />
    );
  const last = status.last;
  return (
    <Stack gap="3" data-testid="backups" maxW="2xl">
      <Text color="fg.muted">
        Une sauvegarde toutes les {period(status.everySeconds ?? 0)}, les {status.keep} dernières
        conservées. Vérifiez-en une avec npm run verify-backup.
      </Text>
      {!last ? (
        <EmptyState title="Aucune sauvegarde" description="La première est en cours ou prévue." />
      ) : (
        <DataList.Root orientation="horizontal" aria-label="Dernière sauvegarde">
          <DataList.Item>
            <DataList.ItemLabel>Dernier résultat</DataList.ItemLabel>
            <DataList.ItemValue>
              <Badge colorPalette={last.ok ? 'green' : 'red'}>
                {last.ok ? 'Réussie' : 'Échec'}
              </Badge>
              &nbsp;le {dateTime(last.at)}
            </DataList.ItemValue>
          </DataList.Item>
          {last.error ? (
            <DataList.Item>
              <DataList.ItemLabel>Erreur</DataList.ItemLabel>
              <DataList.ItemValue>{last.error}</DataList.ItemValue>
            </DataList.Item>
          ) : null}
          <DataList.Item>
            <DataList.ItemLabel>Dernière sauvegarde réussie</DataList.ItemLabel>
            <DataList.ItemValue>
              {last.lastSuccessAt && status.ageSeconds !== null
                ? `${dateTime(last.lastSuccessAt)} (il y a ${formatAge(status.ageSeconds)})`
                : 'aucune'}
            </DataList.ItemValue>
          </DataList.Item>
          {last.ok ? (
            <DataList.Item>
              <DataList.ItemLabel>Contenu</DataList.ItemLabel>
              <DataList.ItemValue>
                {last.events} événements, {last.files} fichiers,{' '}
                {((last.bytes ?? 0) / 1e6).toFixed(1).replace('.', ',')} Mo ({last.folder})
              </DataList.ItemValue>
            </DataList.Item>
          ) : null}
        </DataList.Root>
      )}
      {status.running ? <Text color="fg.muted">Une sauvegarde est en cours…</Text> : null}
    </Stack>
  );
}
