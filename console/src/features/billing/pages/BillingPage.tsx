import { Alert, Box, Heading, HStack, Stack, Stat, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { notifyError } from '../../../shared/ui/toaster';
import { fetchMyHistory, fetchMyOutstanding } from '../api';
import { BillingLinesTable } from '../components/BillingLinesTable';
import { MonthRange } from '../components/MonthRange';
import { formatCents, formatMonth, monthFrom, WARNING_FROM_DAY } from '../format';
import type { BillingHistoryMonth, Outstanding } from '../types';

function Amount({ label, cents }: { label: string; cents: number }) {
  return (
    <Stat.Root size="sm" borderWidth="1px" borderRadius="l2" p="3" minW="36">
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText>{formatCents(cents)}</Stat.ValueText>
    </Stat.Root>
  );
}

function OutstandingSection() {
  const [outstanding, setOutstanding] = useState<Outstanding | null>(null);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const controller = new AbortController();
    fetchMyOutstanding(controller.signal)
      .then(setOutstanding)
      .catch(notifyError)
      .finally(() => setLoading(false));
    return () => controller.abort();
  }, []);
  return (
    <Box as="section" aria-labelledby="billing-outstanding">
      <Heading id="billing-outstanding" size="md" mb="3">
        Encours
      </Heading>
      {loading ? (
        <LoadingState />
      ) : outstanding ? (
        <Stack gap="4">
          <HStack gap="3" wrap="wrap">
            <Amount label="À régler" cents={outstanding.due} />
            <Amount label="Ajustement" cents={outstanding.custom} />
            <Amount label="Prévisionnel (visites)" cents={outstanding.forecast} />
            <Amount label="Total" cents={outstanding.total} />
          </HStack>
          <BillingLinesTable lines={outstanding.projects} caption="Encours" />
        </Stack>
      ) : (
        <EmptyState title="Aucun résultat" />
      )}
    </Box>
  );
}

function HistorySection() {
  const now = new Date();
  const [range, setRange] = useState({ from: monthFrom(now, -6), to: monthFrom(now, 0) });
  const [history, setHistory] = useState<BillingHistoryMonth[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    setHistory(null);
    fetchMyHistory(range.from, range.to, controller.signal)
      .then((res) => setHistory(res.history))
      .catch((error) => {
        notifyError(error);
        setHistory([]);
      });
    return () => controller.abort();
  }, [range.from, range.to]);
  return (
    <Box as="section" aria-labelledby="billing-history">
      <Heading id="billing-history" size="md" mb="3">
        Historique
      </Heading>
      <MonthRange from={range.from} to={range.to} onChange={setRange} />
      <Stack gap="5" mt="4">
        {history === null ? (
          <LoadingState />
        ) : history.length === 0 ? (
          <EmptyState title="Aucun résultat" />
        ) : (
          history.map((month) => (
            <Box key={month.month} data-testid="billing-history-month">
              <HStack justify="space-between" mb="2">
                <Heading as="h3" size="sm">
                  {formatMonth(month.month)}
                </Heading>
                <Text fontWeight="semibold">{formatCents(month.total)}</Text>
              </HStack>
              {month.billings.map((entry) => (
                <Stack key={entry._id} gap="1" mb="3">
                  {entry.custom ? (
                    <Text fontSize="sm" color="fg.muted">
                      Ajustement : {formatCents(entry.custom)}
                    </Text>
                  ) : null}
                  <BillingLinesTable
                    lines={entry.projects}
                    caption={`Règlement ${formatMonth(month.month)}`}
                  />
                </Stack>
              ))}
            </Box>
          ))
        )}
      </Stack>
    </Box>
  );
}

/** /billing 'Règlements' (§2 "Billing page"): the warning, the outstanding, the history. */
export function BillingPage({ today = new Date() }: { today?: Date }) {
  return (
    <Stack as="section" aria-labelledby="page-title" gap="8" maxW="6xl">
      <Heading as="h1" id="page-title" size="xl">
        Règlements
      </Heading>
      {today.getDate() >= WARNING_FROM_DAY ? (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Title>Pensez à vérifier votre encours avant la fin du mois</Alert.Title>
        </Alert.Root>
      ) : null}
      <OutstandingSection />
      <HistorySection />
    </Stack>
  );
}
