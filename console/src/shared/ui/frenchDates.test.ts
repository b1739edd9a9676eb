import { maskDate, monthLabel, readDate, showDate, splitMonth, joinMonth } from './frenchDates';

describe('French dates whatever the browser', () => {
  it('puts the slashes in as one types and keeps 8 digits at most', () => {
    expect(maskDate('1')).toBe('1');
    expect(maskDate('151')).toBe('15/1');
    expect(maskDate('15112026')).toBe('15/11/2026');
    expect(maskDate('15/11/20269')).toBe('15/11/2026');
    expect(maskDate('ab')).toBe('');
  });

  it('reads only complete real days, and shows ISO days as DD/MM/YYYY', () => {
    expect(readDate('15/11/2026')).toBe('2026-11-15');
    expect(readDate('31/02/2026')).toBeNull();
    expect(readDate('15/11/20')).toBeNull();
    expect(readDate('2026-11-15')).toBeNull();
    expect(showDate('2026-12-31')).toBe('31/12/2026');
    expect(showDate('')).toBe('');
  });

  it('names months in French', () => {
    expect(monthLabel('2026-11')).toBe('novembre 2026');
    expect(splitMonth('2026-02')).toEqual({ year: 2026, month: 2 });
    expect(joinMonth(2026, 3)).toBe('2026-03');
  });
});
