import {
  VISIT_DATE_PATTERN,
  VISIT_TIME_PATTERN,
  formatDate,
  formatMonth,
  isPhone,
  isSiret,
  parseDateInput,
  parseMonthInput,
} from './inputs';

describe('inputs', () => {
  it('reads DD/MM/YYYY and YYYY-MM-DD dates, ignores anything else', () => {
    expect(parseDateInput('05/03/2026')).toBe('2026-03-05');
    expect(parseDateInput(' 2026-03-05 ')).toBe('2026-03-05');
    expect(parseDateInput('29/02/2024')).toBe('2024-02-29');
    expect(parseDateInput('29/02/2026')).toBeNull();
    expect(parseDateInput('2026-13-01')).toBeNull();
    expect(parseDateInput('5/3/2026')).toBeNull();
    expect(parseDateInput('03-05-2026')).toBeNull();
    expect(parseDateInput('')).toBeNull();
  });

  it('stores MM/YYYY and YYYY-MM at the start or end of the month', () => {
    expect(parseMonthInput('09/2026', 'start')).toBe('2026-09-01');
    expect(parseMonthInput('09/2026', 'end')).toBe('2026-09-30');
    expect(parseMonthInput('2024-02', 'end')).toBe('2024-02-29');
    expect(parseMonthInput('2026-12', 'end')).toBe('2026-12-31');
    expect(parseMonthInput('13/2026', 'start')).toBeNull();
    expect(parseMonthInput('2026', 'start')).toBeNull();
  });

  it('formats stored dates back for display', () => {
    expect(formatDate('2026-03-05')).toBe('05/03/2026');
    expect(formatDate('2026-03-05T10:00:00.000Z')).toBe('05/03/2026');
    expect(formatDate(null)).toBe('');
    expect(formatMonth('2026-09-30')).toBe('09/2026');
  });

  it('accepts a phone with an optional + and at least 10 digits, spaces ignored', () => {
    expect(isPhone('0612345678')).toBe(true);
    expect(isPhone('06 12 34 56 78')).toBe(true);
    expect(isPhone('+33 6 12 34 56 78')).toBe(true);
    expect(isPhone('061234567')).toBe(false);
    expect(isPhone('06-12-34-56-78')).toBe(false);
    expect(isPhone(null)).toBe(false);
  });

  it('wants a company id (SIRET) of 14 characters', () => {
    expect(isSiret('12345678900012')).toBe(true);
    expect(isSiret('123 456 789 00012')).toBe(true);
    expect(isSiret('1234567890001')).toBe(false);
  });

  it('checks visit dates DD/MM/20YY and times HH:MM in steps of 5 minutes', () => {
    expect(VISIT_DATE_PATTERN.test('05/03/2026')).toBe(true);
    expect(VISIT_DATE_PATTERN.test('05/03/1999')).toBe(false);
    expect(VISIT_TIME_PATTERN.test('09:35')).toBe(true);
    expect(VISIT_TIME_PATTERN.test('23:55')).toBe(true);
    expect(VISIT_TIME_PATTERN.test('09:32')).toBe(false);
    expect(VISIT_TIME_PATTERN.test('24:00')).toBe(false);
  });
});
