import { wallClockParts } from '../rules/time-zone';

/**
 * The board's year filter (§9 "Year choices", issue 15 point 12): from 2017, the first year
 * of client files, to the current year read from the clock (the spec's 2025 was the year it
 * was written). The year turns at midnight in Paris, where staff work.
 */
export const FIRST_FILTER_YEAR = 2017;
export const FILTER_TIME_ZONE = 'Europe/Paris';

export function currentFilterYear(now: number = Date.now()): number {
  return Number(wallClockParts(now, FILTER_TIME_ZONE).year);
}

/** 2017 to the current year, oldest first: the console's choices. */
export function filterYears(now: number = Date.now()): number[] {
  const last = currentFilterYear(now);
  return Array.from({ length: last - FIRST_FILTER_YEAR + 1 }, (_, i) => FIRST_FILTER_YEAR + i);
}

export function isFilterYear(year: unknown, now: number = Date.now()): boolean {
  return (
    typeof year === 'number' &&
    Number.isInteger(year) &&
    year >= FIRST_FILTER_YEAR &&
    year <= currentFilterYear(now)
  );
}
