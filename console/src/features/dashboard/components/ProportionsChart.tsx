import {
  DASHBOARD_STATUS_LABELS,
  monthLabel,
  PROPORTION_STATUSES,
  PROPORTION_TICKS,
} from '@reloc/domain';
import { ChartFigure } from '../charts/ChartFigure';
import { LazyBarChart } from '../charts/lazy';
import type { DashboardReport } from '../types';
import { STATUS_COLORS } from './palette';

const TITLE = 'Proportions (% des dossiers créés dans le mois)';

/** The share of each month's new files that reached each later status: rounded percent, 0–100 by 10. */
export function ProportionsChart({ report }: { report: DashboardReport }) {
  const statuses = PROPORTION_STATUSES.filter((status) => report.statuses.includes(status));
  const months = [...new Set(report.proportions.map((b) => b._id.month))];
  const percent = (month: string, status: string) =>
    report.proportions.find((b) => b._id.month === month && b._id.status === status)?.percent ?? 0;
  const names = Object.fromEntries(statuses.map((s) => [s, DASHBOARD_STATUS_LABELS[s]]));
  return (
    <ChartFigure
      title={TITLE}
      columns={['Mois', ...statuses.map((s) => `${DASHBOARD_STATUS_LABELS[s]} (%)`)]}
      rows={months.map((month) => [
        monthLabel(month),
        ...statuses.map((status) => percent(month, status)),
      ])}
      height="300px"
      legend={statuses.map((status) => ({
        label: DASHBOARD_STATUS_LABELS[status],
        color: STATUS_COLORS[status],
      }))}
      empty={months.length ? undefined : 'Aucun dossier créé sur la période'}
    >
      <LazyBarChart
        label={TITLE}
        data={months.map((month) => ({
          index: monthLabel(month),
          ...Object.fromEntries(statuses.map((status) => [status, percent(month, status)])),
        }))}
        keys={statuses}
        names={names}
        colors={STATUS_COLORS}
        max={100}
        ticks={PROPORTION_TICKS}
        unit=" %"
      />
    </ChartFigure>
  );
}
