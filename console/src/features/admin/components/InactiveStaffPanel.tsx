import { Link, Stack, Table, Text } from '@chakra-ui/react';
import { ASSIGNEE_LABELS, ROLE_LABELS } from '@reloc/domain';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { TablePager } from '../../../shared/ui/TablePager';
import { notifyError } from '../../../shared/ui/toaster';
import { fetchInactiveStaff } from '../api';
import type { InactiveStaffRow } from '../types';

const PAGE_SIZES = [100, 200] as const;

/** Admin → 'Trigrammes inactifs': files still assigned to deactivated staff (§2). */
export function InactiveStaffPanel() {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(100);
  const [rows, setRows] = useState<InactiveStaffRow[] | null>(null);
  const [total, setTotal] = useState(0);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    fetchInactiveStaff(page, pageSize, controller.signal).then(
      (answer) => {
        setRows(answer.files);
        setTotal(answer.total);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        notifyError(error);
        setFailed(true);
      },
    );
    return () => controller.abort();
  }, [page, pageSize]);

  return (
    <Stack gap="3" data-testid="inactive-staff">
      <Text color="fg.muted">
        Les dossiers encore confiés à un membre de l’équipe désactivé. Ouvrez-les pour les
        réattribuer.
      </Text>
      {failed ? (
        <EmptyState title="Une erreur a eu lieu" description="La liste n’a pas pu être chargée." />
      ) : !rows ? (
        <LoadingState label="Chargement des trigrammes inactifs…" />
      ) : rows.length === 0 ? (
        <EmptyState
          title="Aucun résultat"
          description="Aucun dossier n’est confié à un trigramme inactif."
        />
      ) : (
        <Table.ScrollArea position="relative" borderWidth="1px" borderRadius="l2">
          <Table.Root size="sm" aria-label="Trigrammes inactifs">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Trigramme</Table.ColumnHeader>
                <Table.ColumnHeader>Membre</Table.ColumnHeader>
                <Table.ColumnHeader>Rôle</Table.ColumnHeader>
                <Table.ColumnHeader>Poste sur le dossier</Table.ColumnHeader>
                <Table.ColumnHeader>Dossier</Table.ColumnHeader>
                <Table.ColumnHeader>Étape</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => (
                <Table.Row key={`${row._id}-${row.role}-${row.trigram}`}>
                  <Table.Cell fontFamily="mono">{row.trigram}</Table.Cell>
                  <Table.Cell>
                    {row.firstName} {row.lastName}
                  </Table.Cell>
                  <Table.Cell>{ROLE_LABELS[row.userRole] ?? row.userRole}</Table.Cell>
                  <Table.Cell>
                    {(ASSIGNEE_LABELS as Record<string, string>)[row.role] ?? row.role}
                  </Table.Cell>
                  <Table.Cell>
                    <Link asChild color="brand.fg" textDecoration="underline">
                      <RouterLink to={row.href}>
                        {row.kind === 'prospect' ? 'Prospect ' : ''}
                        {row.name}
                      </RouterLink>
                    </Link>
                  </Table.Cell>
                  <Table.Cell>{row.stageLabel}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <TablePager
        id="inactive"
        page={page}
        pageSize={pageSize}
        sizes={PAGE_SIZES}
        total={total}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(0);
        }}
      />
    </Stack>
  );
}
