import { Box, HStack, Text } from '@chakra-ui/react';
import type { MonthlyStat } from '@reloc/domain';

const SERIES = [
  { key: 'clicks', label: 'Clics', color: '#3182ce' },
  { key: 'created', label: 'Dossiers créés', color: '#dd6b20' },
  { key: 'relocated', label: 'Dossiers relogés', color: '#38a169' },
] as const;

const W = 600;
const H = 200;
const PAD = 24;

/** The monthly line chart (clicks, files created, files relocated), only when data exists. */
export function MonthlyChart({ stats }: { stats: MonthlyStat[] }) {
  if (!stats.length) return null;
  const max = Math.max(1, ...stats.flatMap((s) => [s.clicks, s.created, s.relocated]));
  const x = (i: number) =>
    PAD + (stats.length === 1 ? 0 : (i * (W - 2 * PAD)) / (stats.length - 1));
  const y = (v: number) => H - PAD - (v * (H - 2 * PAD)) / max;
  return (
    <Box as="figure" borderWidth="1px" borderRadius="l3" p="4" bg="bg" data-testid="monthly-chart">
      <Text as="figcaption" fontWeight="semibold" mb="2">
        Statistiques mensuelles
      </Text>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label="Statistiques mensuelles">
        <line x1={PAD} y1={H - PAD} x2={W - PAD} y2={H - PAD} stroke="currentColor" opacity={0.3} />
        {SERIES.map((serie) => (
          <polyline
            key={serie.key}
            fill="none"
            stroke={serie.color}
            strokeWidth={2}
            points={stats.map((s, i) => `${x(i)},${y(s[serie.key])}`).join(' ')}
          />
        ))}
        {stats.map((s, i) => (
          <text key={s.month} x={x(i)} y={H - 6} fontSize="10" textAnchor="middle">
            {s.month.slice(5)}/{s.month.slice(2, 4)}
          </text>
        ))}
      </svg>
      <HStack gap="4" fontSize="xs">
        {SERIES.map((serie) => (
          <HStack key={serie.key} gap="1">
            <Box w="3" h="3" borderRadius="full" style={{ background: serie.color }} />
            <Text>{serie.label}</Text>
          </HStack>
        ))}
      </HStack>
    </Box>
  );
}
