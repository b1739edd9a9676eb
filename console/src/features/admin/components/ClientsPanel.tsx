import { Badge, Button, HStack, IconButton, Input, Stack, Table, Text } from '@chakra-ui/react';
import { ROLE_LABELS } from '@reloc/domain';
import { useCallback, useEffect, useState } from 'react';
import { formatDate } from '../../../shared/format/date';
import { EmptyState, LoadFailedState } from '../../../shared/ui/EmptyState';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { notifyError } from '../../../shared/ui/toaster';
import { useShellStore } from '../../shell/store';
import { fetchUsers } from '../api';
import { canDeactivate } from '../rules';
import type { AdminUser } from '../types';
import { useDebouncedValue } from '../../projects/hooks/useDebouncedValue';
import { DeactivateDialog } from './DeactivateDialog';
import { ReportsPanel } from './ReportsPanel';
import { SentMailsPanel } from './SentMailsPanel';
import { UserDialog } from './UserDialog';

/** §9: the user fetch is debounced by 1 s. */
export const USER_SEARCH_DEBOUNCE_MS = 1000;

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M1 12s4-8 11-8 11 8 11 8-4 8-11 8S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
      {open ? null : <line x1="2" y1="2" x2="22" y2="22" />}
    </svg>
  );
}

/** Admin → Clients: the users table (staff, plus clients behind the eye), reports, mails. */
export function ClientsPanel() {
  const meRole = useShellStore((state) => state.me?.role);
  const [search, setSearch] = useState('');
  const [withClients, setWithClients] = useState(false);
  const [users, setUsers] = useState<AdminUser[]>([]);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [editing, setEditing] = useState<AdminUser | 'new' | null>(null);
  const [deactivating, setDeactivating] = useState<AdminUser | null>(null);
  // No maximum wait: the user fetch fires once typing has paused for 1 s (§9).
  const term = useDebouncedValue(search, USER_SEARCH_DEBOUNCE_MS, Number.POSITIVE_INFINITY);

  const load = useCallback(
    (signal?: AbortSignal) => {
      setStatus((current) => (current === 'ready' ? current : 'loading'));
      return fetchUsers(withClients, term, signal).then(
        (list) => {
          setUsers(list);
          setStatus('ready');
        },
        (error: unknown) => {
          if (signal?.aborted) return;
          notifyError(error);
          setStatus('error');
        },
      );
    },
    [withClients, term],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  return (
    <Stack gap="6" data-testid="clients-panel">
      <Stack gap="3">
        <HStack gap="2" flexWrap="wrap">
          <Input
            aria-label="Rechercher un utilisateur"
            placeholder="Rechercher (nom, e-mail, trigramme)"
            maxW="sm"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <IconButton
            variant={withClients ? 'solid' : 'outline'}
            aria-pressed={withClients}
            aria-label="Afficher les utilisateurs clients (USER)"
            title="Afficher les utilisateurs clients (USER)"
            onClick={() => setWithClients((value) => !value)}
          >
            <EyeIcon open={withClients} />
          </IconButton>
          <Button ms="auto" size="sm" onClick={() => setEditing('new')}>
            Ajouter un utilisateur
          </Button>
        </HStack>
        {status === 'loading' ? (
          <LoadingState label="Chargement des utilisateurs…" />
        ) : status === 'error' ? (
          <LoadFailedState
            description="Les utilisateurs n’ont pas pu être chargés."
            onRetry={() => void load()}
          />
        ) : users.length === 0 ? (
          <EmptyState title="Aucun résultat" description="Aucun utilisateur ne correspond." />
        ) : (
          <Table.ScrollArea position="relative" borderWidth="1px" borderRadius="l2" maxH="60vh">
            <Table.Root size="sm" stickyHeader aria-label="Utilisateurs">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Trigramme</Table.ColumnHeader>
                  <Table.ColumnHeader>Nom</Table.ColumnHeader>
                  <Table.ColumnHeader>E-mail</Table.ColumnHeader>
                  <Table.ColumnHeader>Rôle</Table.ColumnHeader>
                  <Table.ColumnHeader>Version</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Dossiers</Table.ColumnHeader>
                  <Table.ColumnHeader>Inscription</Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Text srOnly>Actions</Text>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {users.map((user) => (
                  <Table.Row key={user._id} data-testid={`user-row-${user.email}`}>
                    <Table.Cell fontFamily="mono">{user.trigram ?? '—'}</Table.Cell>
                    <Table.Cell>
                      {user.firstName} {user.lastName}{' '}
                      {user.isDeactivated ? (
                        <Badge colorPalette="gray" ms="1">
                          Désactivé
                        </Badge>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell>{user.email}</Table.Cell>
                    <Table.Cell>{ROLE_LABELS[user.role] ?? user.role}</Table.Cell>
                    <Table.Cell>{user.version}</Table.Cell>
                    <Table.Cell textAlign="end">{user.projectsCount ?? 0}</Table.Cell>
                    <Table.Cell>{formatDate(user.createdAt)}</Table.Cell>
                    <Table.Cell>
                      <HStack gap="2" justify="flex-end">
                        <Button
                          size="xs"
                          variant="outline"
                          aria-label={`Modifier ${user.firstName} ${user.lastName}`}
                          onClick={() => setEditing(user)}
                        >
                          Modifier
                        </Button>
                        {canDeactivate(meRole, user) ? (
                          <Button
                            size="xs"
                            variant="outline"
                            colorPalette="red"
                            aria-label={`Désactiver ${user.firstName} ${user.lastName}`}
                            onClick={() => setDeactivating(user)}
                          >
                            Désactiver
                          </Button>
                        ) : null}
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Stack>
      <ReportsPanel />
      <SentMailsPanel />
      <UserDialog
        user={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          setUsers((current) =>
            current.some((u) => u._id === saved._id)
              ? current.map((u) => (u._id === saved._id ? saved : u))
              : [...current, saved],
          );
        }}
        onDeleted={(deleted) => {
          setEditing(null);
          setUsers((current) => current.filter((u) => u._id !== deleted._id));
        }}
      />
      <DeactivateDialog
        user={deactivating}
        onClose={() => setDeactivating(null)}
        onDone={() => void load()}
      />
    </Stack>
  );
}
