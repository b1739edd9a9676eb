import { performance } from 'node:perf_hooks';

export function median(values) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Nearest-rank percentile (p in 0..100): a value that was measured, never an interpolation. */
export function percentile(values, p) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const now = () => performance.now();

export const mb = (bytes) => bytes / 1024 / 1024;

/** 123456.7 -> "123 457" (narrow spacing keeps the table readable). */
export function fmtInt(n) {
  if (!Number.isFinite(n)) return 'n/a';
  return Math.round(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

export function fmtMs(ms) {
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}

/**
 * A plain-text table: the first row is the header, `null` rows are separators; `align` has one
 * letter per column, l or r.
 */
export function table(rows, align = '') {
  const body = rows.filter(Boolean);
  const widths = body[0].map((_, c) => Math.max(...body.map((r) => String(r[c] ?? '').length)));
  const line = (r) =>
    r
      .map((cell, c) =>
        align[c] === 'r'
          ? String(cell ?? '').padStart(widths[c])
          : String(cell ?? '').padEnd(widths[c]),
      )
      .join('  ')
      .trimEnd();
  const sep = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(rows[0]), sep, ...rows.slice(1).map((r) => (r === null ? sep : line(r)))].join('\n');
}
