import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { defaultDashboardRange, isAdmin } from '@reloc/domain';
import { useEffect, useMemo, useState } from 'react';
import { formatDate } from '../../../shared/format/date';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { notifyError } from '../../../shared/ui/toaster';
import { useShellStore } from '../../shell/store';
import { fetchDashboard } from '../api';
import { B2cChart } from '../components/B2cChart';
import { DashboardFilters, DashboardFilterValues } from '../components/DashboardFilters';
import { EvolutionCharts } from '../components/EvolutionCharts';
import { Focus, FocusPanel } from '../components/FocusPanel';
import { ProportionsChart } from '../components/ProportionsChart';
import { YearlyTable } from '../components/YearlyTable';
import type { DashboardQuery, DashboardReport } from '../types';

function defaultFilters(): DashboardFilterValues {
  const { start, end } = defaultDashboardRange(new Date());
  return {
    as: '',
    startDate: start.toISOString().slice(0, 10),
    endDate: end.toISOString().slice(0, 10),
  };
}

/**
 * /dashboard 'Vos indicateurs' (§2 "Dashboard"): every staff member may open it; an admin
 * picks whom and when, a non-admin sees only their own data (the server decides, §6).
 */
export function DashboardPage() {
  const role = useShellStore((state) => state.me?.role);
  const admin = role ? isAdmin(role) : false;
  const [filters, setFilters] = useState(defaultFilters);
  const [report, setReport] = useState<DashboardReport | null>(null);
  const [failed, setFailed] = useState(false);
  const [focus, setFocus] = useState<Focus | null>(null);
  const reversed = filters.startDate > filters.endDate && Boolean(filters.endDate);

  const query = useMemo<DashboardQuery>(
    () =>
      admin
        ? {
            ...(filters.startDate ? { startDate: filters.startDate } : {}),
            ...(filters.endDate ? { endDate: filters.endDate } : {}),
            ...(filters.as ? { as: filters.as } : {}),
          }
        : {},
    [admin, filters],
  );

  useEffect(() => {
    if (reversed) return;
    const controller = new AbortController();
    setReport(null);
    setFailed(false);
    fetchDashboard(query, controller.signal).then(
      (answer) => {
        setReport(answer);
        setFocus((current) =>
          current &&
          answer.months.includes(current.month) &&
          answer.statuses.includes(current.status)
            ? current
            : answer.months.length
              ? { month: answer.months[answer.months.length - 1], status: 'created' }
              : null,
        );
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        notifyError(error);
        setFailed(true);
      },
    );
    return () => controller.abort();
  }, [query, reversed]);

  const who = !report
    ? ''
    : report.viewed === null
      ? 'Toute l’équipe'
      : admin
        ? `Données de ${report.viewed.trigram ?? '—'}`
        : `Vos données depuis le ${formatDate(report.range.startDate)}`;

  return (
    <Box as="section" aria-labelledby="page-title" p={{ base: '3', md: '6' }}>
      <Heading as="h1" id="page-title" size="xl" mb="4">
        Vos indicateurs
      </Heading>
      {admin ? <DashboardFilters value={filters} onChange={setFilters} /> : null}
      {reversed ? null : failed ? (
        <EmptyState
          title="Une erreur a eu lieu"
          description="Les indicateurs n’ont pas pu être chargés."
        />
      ) : report === null ? (
        <LoadingState label="Chargement des indicateurs…" />
      ) : report.months.length === 0 ? (
        <EmptyState
          title="Aucune donnée"
          description="Aucun mois de cette période n’est encore passé."
        />
      ) : (
        <Stack gap="6">
          <Text color="fg.muted" data-testid="dashboard-scope">
            {who}
          </Text>
          <Box as="section" aria-labelledby="evolution-title">
            <Heading as="h2" size="md" mb="3" id="evolution-title">
              Évolution
            </Heading>
            <EvolutionCharts
              report={report}
              onFocus={(month, status) => setFocus({ month, status })}
            />
          </Box>
          <ProportionsChart report={report} />
          <YearlyTable report={report} />
          {focus ? (
            <FocusPanel query={query} report={report} focus={focus} onFocus={setFocus} />
          ) : null}
          {report.b2c ? <B2cChart months={report.months} b2c={report.b2c} /> : null}
        </Stack>
      )}
    </Box>
  );
}
