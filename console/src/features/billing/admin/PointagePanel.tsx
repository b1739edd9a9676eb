import {
  Button,
  Checkbox,
  Collapsible,
  Field,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../projects/hooks/useDebouncedValue';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { notifyError } from '../../../shared/ui/toaster';
import { confirmBilling, downloadBillingReport, fetchBillings } from '../api';
import { BillingLinesTable } from '../components/BillingLinesTable';
import { MonthRange } from '../components/MonthRange';
import {
  BILLING_PAGE_SIZES,
  BILLING_SEARCH_DEBOUNCE_MS,
  BILLING_SEARCH_MAX_WAIT_MS,
  formatCents,
  filesCount,
  formatMonth,
  monthFrom,
} from '../format';
import type { BillingEntry, BillingListQuery, BillingSortField } from '../types';

const SORTABLE: { field: BillingSortField; label: string; end?: boolean }[] = [
  { field: 'confirmed', label: 'Confirmé' },
  { field: 'date', label: 'Date' },
  { field: 'actor', label: 'Membre' },
  { field: 'custom', label: 'Ajustement', end: true },
  { field: 'total', label: 'Total', end: true },
];

/** The confirm box: ticks at once, un-ticks when the call fails; read-only once confirmed. */
function ConfirmBox({
  entry,
  onConfirmed,
}: {
  entry: BillingEntry;
  onConfirmed: (entry: BillingEntry) => void;
}) {
  const [checked, setChecked] = useState(entry.confirmed);
  const [busy, setBusy] = useState(false);
  // A failed confirmation remounts the box so its input is un-ticked, whatever it was.
  const [attempt, setAttempt] = useState(0);
  const label = `Confirmer le pointage de ${entry.actor} (${formatMonth(entry.month)})`;
  return (
    <Checkbox.Root
      key={attempt}
      checked={checked}
      disabled={entry.confirmed || busy}
      onCheckedChange={async (details) => {
        if (details.checked !== true || entry.confirmed) return;
        setChecked(true);
        setBusy(true);
        try {
          onConfirmed(await confirmBilling(entry._id));
        } catch (error) {
          setChecked(false);
          setAttempt((n) => n + 1);
          notifyError(error);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Checkbox.HiddenInput aria-label={label} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

/** Admin tab 'Pointage' (the reviewer): entries by month, confirmed one by one. */
export function PointagePanel() {
  const now = new Date();
  const [query, setQuery] = useState<Omit<BillingListQuery, 'filter'>>({
    skipZero: true,
    from: monthFrom(now, -1),
    to: monthFrom(now, 0),
    page: 0,
    pageSize: 100,
    sortBy: 'date',
    sortDirection: 'desc',
  });
  const [search, setSearch] = useState('');
  const filter = useDebouncedValue(
    search.trim(),
    BILLING_SEARCH_DEBOUNCE_MS,
    BILLING_SEARCH_MAX_WAIT_MS,
  );
  const [data, setData] = useState<{ billings: BillingEntry[]; total: number } | null>(null);
  const full: BillingListQuery = { ...query, filter };

  useEffect(() => {
    const controller = new AbortController();
    fetchBillings({ ...query, filter }, controller.signal)
      .then(setData)
      .catch((error) => {
        notifyError(error);
        setData({ billings: [], total: 0 });
      });
    return () => controller.abort();
  }, [query, filter]);

  const change = (patch: Partial<typeof query>) => setQuery((q) => ({ ...q, page: 0, ...patch }));
  const sortBy = (field: BillingSortField) =>
    change({
      sortBy: field,
      sortDirection: query.sortBy === field && query.sortDirection === 'desc' ? 'asc' : 'desc',
    });
  const replace = (entry: BillingEntry) =>
    setData(
      (d) => d && { ...d, billings: d.billings.map((b) => (b._id === entry._id ? entry : b)) },
    );
  const download = (type: 'simple' | 'detailed') =>
    downloadBillingReport(type, full).catch(notifyError);

  const first = query.page * query.pageSize;
  return (
    <Stack gap="4">
      <HStack gap="4" wrap="wrap" align="end">
        <Field.Root w={{ base: 'full', md: '64' }}>
          <Field.Label>Rechercher un pointage</Field.Label>
          <Input
            size="sm"
            type="search"
            value={search}
            placeholder="Trigramme, nom, dossier…"
            onChange={(e) => {
              setSearch(e.target.value);
              setQuery((q) => ({ ...q, page: 0 }));
            }}
          />
        </Field.Root>
        <MonthRange from={query.from} to={query.to} onChange={(range) => change(range)} />
        <Checkbox.Root
          checked={!query.skipZero}
          onCheckedChange={(details) => change({ skipZero: details.checked !== true })}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Zéro inclus</Checkbox.Label>
        </Checkbox.Root>
        <Field.Root w="auto">
          <Field.Label>Lignes par page</Field.Label>
          <NativeSelect.Root size="sm" w="24">
            <NativeSelect.Field
              value={query.pageSize}
              onChange={(e) => change({ pageSize: Number(e.target.value) as 100 | 200 })}
            >
              {BILLING_PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <HStack gap="2">
          <Button size="sm" variant="outline" onClick={() => download('simple')}>
            Télécharger (simple)
          </Button>
          <Button size="sm" variant="outline" onClick={() => download('detailed')}>
            Télécharger (détaillé)
          </Button>
        </HStack>
      </HStack>
      {data === null ? (
        <LoadingState />
      ) : data.billings.length === 0 ? (
        <EmptyState title="Aucun résultat" />
      ) : (
        <>
          <Table.ScrollArea position="relative" borderWidth="1px" borderRadius="l2">
            <Table.Root size="sm" aria-label="Pointage">
              <Table.Header>
                <Table.Row>
                  {SORTABLE.map(({ field, label, end }) => (
                    <Table.ColumnHeader
                      key={field}
                      textAlign={end ? 'end' : undefined}
                      aria-sort={
                        query.sortBy === field
                          ? query.sortDirection === 'asc'
                            ? 'ascending'
                            : 'descending'
                          : 'none'
                      }
                    >
                      <Button size="xs" variant="ghost" onClick={() => sortBy(field)}>
                        {label}
                        {query.sortBy === field
                          ? query.sortDirection === 'asc'
                            ? ' ▲'
                            : ' ▼'
                          : ''}
                      </Button>
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.billings.map((entry) => (
                  <Table.Row key={entry._id} data-testid="billing-row" verticalAlign="top">
                    <Table.Cell>
                      <ConfirmBox
                        key={String(entry.confirmed)}
                        entry={entry}
                        onConfirmed={replace}
                      />
                    </Table.Cell>
                    <Table.Cell>{formatMonth(entry.month)}</Table.Cell>
                    <Table.Cell>
                      <Collapsible.Root>
                        <Collapsible.Trigger asChild>
                          <Button size="xs" variant="plain" px="0">
                            {entry.trigram ?? entry.actor}{' '}
                            {[entry.firstName, entry.lastName].filter(Boolean).join(' ')} (
                            {filesCount(entry.projects)})
                          </Button>
                        </Collapsible.Trigger>
                        <Collapsible.Content>
                          <BillingLinesTable
                            lines={entry.projects}
                            caption={`Dossiers du pointage de ${entry.actor}`}
                          />
                        </Collapsible.Content>
                      </Collapsible.Root>
                    </Table.Cell>
                    <Table.Cell textAlign="end">{formatCents(entry.custom)}</Table.Cell>
                    <Table.Cell textAlign="end" fontWeight="semibold">
                      {formatCents(entry.total)}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <HStack justify="space-between">
            <Text fontSize="sm" color="fg.muted">
              {first + 1}–{Math.min(first + query.pageSize, data.total)} sur {data.total}
            </Text>
            <HStack gap="2">
              <Button
                size="sm"
                variant="outline"
                disabled={query.page === 0}
                onClick={() => setQuery((q) => ({ ...q, page: q.page - 1 }))}
              >
                Précédent
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={first + query.pageSize >= data.total}
                onClick={() => setQuery((q) => ({ ...q, page: q.page + 1 }))}
              >
                Suivant
              </Button>
            </HStack>
          </HStack>
        </>
      )}
    </Stack>
  );
}
