import { Link, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { formatCents, ROLE_LABELS, STEP_LABELS } from '../format';
import type { BillingLine } from '../types';

/** The files of an entry or of an outstanding amount, each linked to /project/{id}. */
export function BillingLinesTable({ lines, caption }: { lines: BillingLine[]; caption: string }) {
  if (!lines.length) return <Text color="fg.muted">Aucun résultat</Text>;
  return (
    <Table.Root size="sm" variant="outline" aria-label={caption}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Dossier</Table.ColumnHeader>
          <Table.ColumnHeader>Étape</Table.ColumnHeader>
          <Table.ColumnHeader>Rôles</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Montant</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {lines.map((line) => (
          <Table.Row key={`${line._id}-${line.step}-${line.lineId ?? ''}`}>
            <Table.Cell>
              <Link asChild color="brand.fg">
                <RouterLink to={`/project/${line._id}`}>
                  {[line.firstName, line.lastName].filter(Boolean).join(' ') || line._id}
                </RouterLink>
              </Link>
            </Table.Cell>
            <Table.Cell>{STEP_LABELS[line.step] ?? line.step}</Table.Cell>
            <Table.Cell>{line.roles.map((r) => ROLE_LABELS[r] ?? r).join(', ')}</Table.Cell>
            <Table.Cell textAlign="end">{formatCents(line.amount)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
