import { SimpleGrid } from '@chakra-ui/react';
import {
  DASHBOARD_STATUS_LABELS,
  DashboardStatus,
  EVOLUTION_CHARTS,
  monthLabel,
  monthlySeries,
} from '@reloc/domain';
import { ChartFigure } from '../charts/ChartFigure';
import { LazyBarChart } from '../charts/lazy';
import type { DashboardReport } from '../types';
import { STATUS_COLORS } from './palette';

/**
 * The evolution bar charts, one per key status, month by month up to the current month; the
 * fourth (paid) only when the viewed user is admin (the server leaves it out otherwise).
 * A click on a bar asks for its detail.
 */
export function EvolutionCharts({
  report,
  onFocus,
}: {
  report: DashboardReport;
  onFocus: (month: string, status: DashboardStatus) => void;
}) {
  const charts = EVOLUTION_CHARTS.filter((status) => report.statuses.includes(status));
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
      {charts.map((status) => {
        const series = monthlySeries(report.stats, report.months, status);
        const title = DASHBOARD_STATUS_LABELS[status];
        const total = series.reduce((sum, point) => sum + point.count, 0);
        return (
          <ChartFigure
            key={status}
            title={title}
            columns={['Mois', title]}
            rows={series.map((point) => [monthLabel(point.month), point.count])}
            empty={total === 0 ? 'Aucun dossier sur la période' : undefined}
          >
            <LazyBarChart
              label={`${title}, par mois`}
              data={series.map((point) => ({
                index: monthLabel(point.month),
                [status]: point.count,
              }))}
              keys={[status]}
              names={{ [status]: title }}
              colors={STATUS_COLORS}
              onBarClick={(index) => {
                const point = series.find((p) => monthLabel(p.month) === index);
                if (point) onFocus(point.month, status);
              }}
            />
          </ChartFigure>
        );
      })}
    </SimpleGrid>
  );
}
