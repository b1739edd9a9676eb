import { monthLabel, type MonthlyStat } from '@reloc/domain';
import { ChartFigure } from '../../dashboard/charts/ChartFigure';
import { LazyLineChart } from '../../dashboard/charts/lazy';

const SERIES = [
  { key: 'clicks', label: 'Clics', color: '#3182ce' },
  { key: 'created', label: 'Dossiers créés', color: '#dd6b20' },
  { key: 'relocated', label: 'Dossiers relogés', color: '#38a169' },
] as const;

const COLORS = Object.fromEntries(SERIES.map((serie) => [serie.label, serie.color]));

/**
 * The monthly line chart (clicks, files created, files relocated), only when data exists: a
 * lazily loaded nivo line chart, its figures also given as a table for screen readers.
 */
export function MonthlyChart({ stats }: { stats: MonthlyStat[] }) {
  if (!stats.length) return null;
  return (
    <ChartFigure
      title="Statistiques mensuelles"
      testId="monthly-chart"
      height="220px"
      legend={SERIES.map((serie) => ({ label: serie.label, color: serie.color }))}
      columns={['Mois', ...SERIES.map((serie) => serie.label)]}
      rows={stats.map((stat) => [
        monthLabel(stat.month),
        ...SERIES.map((serie) => stat[serie.key]),
      ])}
    >
      <LazyLineChart
        label="Statistiques mensuelles : clics, dossiers créés et dossiers relogés, par mois"
        colors={COLORS}
        series={SERIES.map((serie) => ({
          id: serie.label,
          data: stats.map((stat) => ({ x: monthLabel(stat.month), y: stat[serie.key] })),
        }))}
      />
    </ChartFigure>
  );
}
