import { ResponsiveBar } from '@nivo/bar';
import { ResponsiveLine } from '@nivo/line';

/**
 * The nivo charts, in their own chunk: only `lazy.tsx` imports this file, with `import()`, so
 * nivo never lands in the main bundle. Every chart is an `img` named by `label`; its data is
 * also given as a table by the figure around it.
 */

export type BarRow = { index: string } & Record<string, string | number>;

export type BarChartProps = {
  label: string;
  data: BarRow[];
  keys: readonly string[];
  /** Legend names of the keys. */
  names: Record<string, string>;
  colors: Record<string, string>;
  /** Fixed value axis (the proportions chart: 0–100 by 10). */
  max?: number;
  ticks?: readonly number[];
  unit?: string;
  onBarClick?: (index: string, key: string) => void;
};

/** Whole-number ticks from 0 to above the highest value (counts are never fractional). */
export function countTicks(values: readonly number[]): number[] {
  const top = Math.max(1, ...values);
  const step = Math.max(1, Math.ceil(top / 5));
  return Array.from({ length: Math.ceil(top / step) + 1 }, (_, i) => i * step);
}

const THEME = { text: { fontSize: 11 }, axis: { ticks: { text: { fontSize: 10 } } } };

export function BarChart({
  label,
  data,
  keys,
  names,
  colors,
  max,
  ticks,
  unit = '',
  onBarClick,
}: BarChartProps) {
  const axis = ticks
    ? [...ticks]
    : countTicks(data.flatMap((row) => keys.map((key) => Number(row[key]) || 0)));
  return (
    <ResponsiveBar<BarRow>
      data={data}
      keys={[...keys]}
      indexBy="index"
      groupMode="grouped"
      margin={{ top: 10, right: 10, bottom: 46, left: 40 }}
      padding={0.25}
      innerPadding={1}
      colors={({ id }) => colors[String(id)] ?? '#60A694'}
      valueScale={{ type: 'linear', min: 0, max: max ?? axis[axis.length - 1] }}
      axisLeft={{ tickValues: axis, format: (v) => `${v}${unit}` }}
      gridYValues={axis}
      axisBottom={{ tickRotation: -45 }}
      enableLabel={false}
      theme={THEME}
      role="img"
      ariaLabel={label}
      tooltipLabel={(bar) => `${names[String(bar.id)] ?? bar.id} – ${bar.indexValue}`}
      valueFormat={(v) => `${v}${unit}`}
      onClick={onBarClick ? (bar) => onBarClick(String(bar.indexValue), String(bar.id)) : undefined}
      animate={false}
    />
  );
}

export type LineChartProps = {
  label: string;
  series: { id: string; data: { x: string; y: number }[] }[];
  colors: Record<string, string>;
};

export function LineChart({ label, series, colors }: LineChartProps) {
  const axis = countTicks(series.flatMap((serie) => serie.data.map((point) => point.y)));
  return (
    <ResponsiveLine
      data={series}
      margin={{ top: 10, right: 10, bottom: 46, left: 40 }}
      xScale={{ type: 'point' }}
      yScale={{ type: 'linear', min: 0, max: axis[axis.length - 1] }}
      colors={(serie: { id: string | number }) => colors[String(serie.id)] ?? '#60A694'}
      axisBottom={{ tickRotation: -45 }}
      axisLeft={{ tickValues: axis }}
      gridYValues={axis}
      pointSize={6}
      useMesh
      theme={THEME}
      role="img"
      ariaLabel={label}
      animate={false}
    />
  );
}
