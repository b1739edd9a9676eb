import { formatDate } from './date';

describe('formatDate', () => {
  it('writes DD/MM/YYYY', () => {
    expect(formatDate(new Date(2024, 2, 5))).toBe('05/03/2024');
    expect(formatDate(new Date(2025, 11, 31, 23, 59))).toBe('31/12/2025');
  });

  it('answers an empty string for a missing or invalid date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
