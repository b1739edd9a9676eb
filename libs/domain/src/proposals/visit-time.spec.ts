import { isVisitDate, isVisitTime, visitDateTimeFromIso, visitDateTimeToIso } from './visit-time';

describe('visit date and time inputs', () => {
  it('accepts DD/MM/20YY dates that exist', () => {
    expect(isVisitDate('01/12/2026')).toBe(true);
    expect(isVisitDate('29/02/2028')).toBe(true);
    expect(isVisitDate('29/02/2027')).toBe(false);
    expect(isVisitDate('01/12/1999')).toBe(false);
    expect(isVisitDate('2026-12-01')).toBe(false);
  });

  it('accepts HH:MM in 24 h with minutes in steps of 5', () => {
    expect(isVisitTime('00:00')).toBe(true);
    expect(isVisitTime('23:55')).toBe(true);
    expect(isVisitTime('9:05')).toBe(false);
    expect(isVisitTime('12:07')).toBe(false);
    expect(isVisitTime('24:00')).toBe(false);
  });

  it('reads Paris time in winter (UTC+1) and summer (UTC+2)', () => {
    expect(visitDateTimeToIso('15/01/2027', '10:00')).toBe('2027-01-15T09:00:00.000Z');
    expect(visitDateTimeToIso('15/07/2027', '10:00')).toBe('2027-07-15T08:00:00.000Z');
    expect(visitDateTimeToIso('15/07/2027', '10:03')).toBeNull();
  });

  it('gives back the typed form', () => {
    expect(visitDateTimeFromIso('2027-07-15T08:00:00.000Z')).toEqual({
      date: '15/07/2027',
      time: '10:00',
    });
    expect(visitDateTimeFromIso(null)).toBeNull();
  });
});
