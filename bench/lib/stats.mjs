export function median(values) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
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

export function fmtRatio(r) {
  return Number.isFinite(r) ? `${(r * 100).toFixed(0)} % of raw` : '';
}

export function fmtMs(ms) {
  return ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}

/** A plain-text table: first row is the header; columns after the first are right-aligned. */
export function table(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c] ?? '').length)));
  const line = (r) =>
    r
      .map((cell, c) => (c === 0 ? String(cell ?? '').padEnd(widths[c]) : String(cell ?? '').padStart(widths[c])))
      .join('  ')
      .trimEnd();
  const sep = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(rows[0]), sep, ...rows.slice(1).map((r) => (r === null ? sep : line(r)))].join('\n');
}
