import { lazy } from 'react';

/** The nivo charts, fetched on first use (their chunk stays out of the main bundle). */
export const LazyBarChart = lazy(() =>
  import('./NivoCharts').then((m) => ({ default: m.BarChart })),
);
export const LazyLineChart = lazy(() =>
  import('./NivoCharts').then((m) => ({ default: m.LineChart })),
);
