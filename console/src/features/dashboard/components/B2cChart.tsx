import { monthLabel } from '@reloc/domain';
import { ChartFigure } from '../charts/ChartFigure';
import { LazyLineChart } from '../charts/lazy';
import type { DashboardReport } from '../types';
import { B2C_COLORS } from './palette';

/** Admin only: announcements seen vs saved per month (§2 'B2C'). */
export function B2cChart({
  months,
  b2c,
}: {
  months: string[];
  b2c: NonNullable<DashboardReport['b2c']>;
}) {
  const count = (buckets: typeof b2c.seen, month: string) =>
    buckets.find((b) => b._id === month)?.count ?? 0;
  const who = (month: string) =>
    [
      ...new Set([
        ...(b2c.seen.find((b) => b._id === month)?.trigrams ?? []),
        ...(b2c.saved.find((b) => b._id === month)?.trigrams ?? []),
      ]),
    ]
      .sort()
      .join(', ');
  const empty = b2c.seen.length === 0 && b2c.saved.length === 0;
  return (
    <ChartFigure
      title="B2C"
      columns={['Mois', 'Annonces vues', 'Annonces enregistrées', 'Trigrammes']}
      rows={months.map((month) => [
        monthLabel(month),
        count(b2c.seen, month),
        count(b2c.saved, month),
        who(month),
      ])}
      legend={Object.entries(B2C_COLORS).map(([label, color]) => ({ label, color }))}
      empty={empty ? 'Aucune annonce vue ni enregistrée sur la période' : undefined}
    >
      <LazyLineChart
        label="B2C : annonces vues et enregistrées, par mois"
        colors={B2C_COLORS}
        series={[
          { id: 'Vues', data: months.map((m) => ({ x: monthLabel(m), y: count(b2c.seen, m) })) },
          {
            id: 'Enregistrées',
            data: months.map((m) => ({ x: monthLabel(m), y: count(b2c.saved, m) })),
          },
        ]}
      />
    </ChartFigure>
  );
}
