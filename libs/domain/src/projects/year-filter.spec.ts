import { currentFilterYear, filterYears, isFilterYear } from './year-filter';

/** Issue 15 point 12: the year filter runs from 2017 to the current year, from the clock. */
describe('year filter', () => {
  it('given the clock in 2026, then the choices run from 2017 to 2026', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(filterYears(now)).toEqual([2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026]);
    expect(isFilterYear(2026, now)).toBe(true);
    expect(isFilterYear(2027, now)).toBe(false);
    expect(isFilterYear(2016, now)).toBe(false);
    expect(isFilterYear(2020.5, now)).toBe(false);
  });

  it('turns the year at midnight in Paris, not in UTC', () => {
    // 31/12/2026 23:30 UTC is already 2027 in Paris.
    expect(currentFilterYear(Date.parse('2026-12-31T23:30:00Z'))).toBe(2027);
    expect(currentFilterYear(Date.parse('2026-12-31T22:30:00Z'))).toBe(2026);
  });
});
