import { Box, Field, Heading, HStack, NativeSelect, Table, Text } from '@chakra-ui/react';
import {
  DASHBOARD_STATUS_LABELS,
  DashboardStatus,
  FocusBucket,
  isDashboardStatus,
  monthLabel,
} from '@reloc/domain';
import { useEffect, useState } from 'react';
import { notifyError } from '../../../shared/ui/toaster';
import { fetchDashboard } from '../api';
import type { DashboardQuery, DashboardReport } from '../types';

export type Focus = { month: string; status: DashboardStatus };

/** The detail of one bar (chosen here or by a click on a chart): its files by company. */
export function FocusPanel({
  query,
  report,
  focus,
  onFocus,
}: {
  query: DashboardQuery;
  report: DashboardReport;
  focus: Focus;
  onFocus: (focus: Focus) => void;
}) {
  const [buckets, setBuckets] = useState<FocusBucket[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setBuckets(null);
    fetchDashboard({ ...query, focus }, controller.signal).then(
      (answer) => setBuckets(answer.focusStats),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        notifyError(error);
        setBuckets([]);
      },
    );
    return () => controller.abort();
  }, [query, focus]);

  const total = (buckets ?? []).reduce((sum, b) => sum + b.count, 0);
  return (
    <Box
      borderWidth="1px"
      borderRadius="l3"
      p="4"
      bg="bg"
      aria-labelledby="focus-title"
      as="section"
    >
      <Heading as="h3" size="sm" mb="2" id="focus-title">
        Détail par entreprise
      </Heading>
      <HStack gap="4" wrap="wrap" mb="3">
        <Field.Root maxW="64">
          <Field.Label>Indicateur</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={focus.status}
              onChange={(event) => {
                const status = event.currentTarget.value;
                if (isDashboardStatus(status)) onFocus({ ...focus, status });
              }}
            >
              {report.statuses.map((status) => (
                <option key={status} value={status}>
                  {DASHBOARD_STATUS_LABELS[status]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root maxW="48">
          <Field.Label>Mois</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={focus.month}
              onChange={(event) => onFocus({ ...focus, month: event.currentTarget.value })}
            >
              {report.months.map((month) => (
                <option key={month} value={month}>
                  {monthLabel(month)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </HStack>
      <Box aria-live="polite" aria-busy={buckets === null}>
        {buckets === null ? (
          <Text color="fg.muted">Chargement…</Text>
        ) : buckets.length === 0 ? (
          <Text color="fg.muted">Aucun dossier pour ce mois</Text>
        ) : (
          <Table.Root size="sm" aria-labelledby="focus-title" data-testid="focus-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col">Entreprise</Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end">
                  Dossiers
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {buckets.map((bucket) => (
                <Table.Row key={bucket._id}>
                  <Table.Cell>{bucket._id}</Table.Cell>
                  <Table.Cell textAlign="end">{bucket.count}</Table.Cell>
                </Table.Row>
              ))}
              <Table.Row fontWeight="semibold">
                <Table.Cell>Total</Table.Cell>
                <Table.Cell textAlign="end">{total}</Table.Cell>
              </Table.Row>
            </Table.Body>
          </Table.Root>
        )}
      </Box>
    </Box>
  );
}
