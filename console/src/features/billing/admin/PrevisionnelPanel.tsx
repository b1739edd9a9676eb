import { Box, Collapsible, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { notifyError } from '../../../shared/ui/toaster';
import { fetchAllOutstanding } from '../api';
import { BillingLinesTable } from '../components/BillingLinesTable';
import { filesCount, formatCents } from '../format';
import type { Outstanding } from '../types';

/** Admin tab 'Pointage prévisionnel': what each staff member would get now, forecasts included. */
export function PrevisionnelPanel() {
  const [rows, setRows] = useState<Outstanding[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchAllOutstanding(controller.signal)
      .then((res) => setRows(res.outstanding))
      .catch((error) => {
        notifyError(error);
        setRows([]);
      });
    return () => controller.abort();
  }, []);
  if (rows === null) return <LoadingState />;
  if (!rows.length) return <EmptyState title="Aucun résultat" />;
  const sum = (key: 'due' | 'custom' | 'forecast' | 'total') =>
    rows.reduce((total, row) => total + row[key], 0);
  return (
    <Stack gap="4">
      <Heading as="h2" size="md">
        Pointage prévisionnel
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        Montants non confirmés, ajustements et visites des dossiers pas encore envoyés à AL (30 €
        par visite).
      </Text>
      <Table.ScrollArea position="relative" borderWidth="1px" borderRadius="l2">
        <Table.Root size="sm" aria-label="Pointage prévisionnel">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Membre</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">À régler</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Ajustement</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Prévisionnel</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row._id} data-testid="previsionnel-row">
                <Table.Cell>
                  <Collapsible.Root>
                    <Collapsible.Trigger asChild>
                      <HStack as="button" gap="2" cursor="pointer" textAlign="start">
                        <Text fontWeight="semibold">{row.trigram ?? '—'}</Text>
                        <Text>{[row.firstName, row.lastName].filter(Boolean).join(' ')}</Text>
                        <Text color="fg.muted" fontSize="xs">
                          ({filesCount(row.projects)})
                        </Text>
                      </HStack>
                    </Collapsible.Trigger>
                    <Collapsible.Content>
                      <Box mt="2">
                        <BillingLinesTable
                          lines={row.projects}
                          caption={`Dossiers de ${row.trigram ?? row.lastName ?? ''}`}
                        />
                      </Box>
                    </Collapsible.Content>
                  </Collapsible.Root>
                </Table.Cell>
                <Table.Cell textAlign="end">{formatCents(row.due)}</Table.Cell>
                <Table.Cell textAlign="end">{formatCents(row.custom)}</Table.Cell>
                <Table.Cell textAlign="end">{formatCents(row.forecast)}</Table.Cell>
                <Table.Cell textAlign="end" fontWeight="semibold">
                  {formatCents(row.total)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
          <Table.Footer>
            <Table.Row>
              <Table.Cell fontWeight="semibold">Total</Table.Cell>
              <Table.Cell textAlign="end">{formatCents(sum('due'))}</Table.Cell>
              <Table.Cell textAlign="end">{formatCents(sum('custom'))}</Table.Cell>
              <Table.Cell textAlign="end">{formatCents(sum('forecast'))}</Table.Cell>
              <Table.Cell textAlign="end" fontWeight="semibold">
                {formatCents(sum('total'))}
              </Table.Cell>
            </Table.Row>
          </Table.Footer>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}
