import { wallClockParts, zoneOffsetMinutes } from '../rules/time-zone';
import { VISIT_DATE_PATTERN, VISIT_TIME_PATTERN, parseDateInput } from '../rules/inputs';

/** Visits are typed in French local time. */
export const VISIT_TIME_ZONE = 'Europe/Paris';
export const VISIT_MINUTES_STEP = 5;

/** Minutes Paris is ahead of UTC at an instant. */
const parisOffsetMinutes = (instant: number) => zoneOffsetMinutes(instant, VISIT_TIME_ZONE);

export function isVisitDate(date: unknown): date is string {
  return (
    typeof date === 'string' &&
    VISIT_DATE_PATTERN.test(date.trim()) &&
    parseDateInput(date.trim()) !== null
  );
}

export function isVisitTime(time: unknown): time is string {
  return typeof time === 'string' && VISIT_TIME_PATTERN.test(time.trim());
}

/** 'DD/MM/20YY' + 'HH:MM' (Paris time, minutes in steps of 5) → ISO instant, else null. */
export function visitDateTimeToIso(date: string, time: string): string | null {
  if (!isVisitDate(date) || !isVisitTime(time)) return null;
  const [year, month, day] = (parseDateInput(date.trim()) as string).split('-').map(Number);
  const [hour, minute] = time.trim().split(':').map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let instant = wall - parisOffsetMinutes(wall) * 60000;
  instant = wall - parisOffsetMinutes(instant) * 60000;
  return new Date(instant).toISOString();
}

/**
 * The visit switch dates a visit "now": rounded down to the 5-minute step, so that the time
 * shown can be saved again as typed (Paris is a whole number of hours from UTC).
 */
export function visitInstantOf(iso: string): string {
  const step = VISIT_MINUTES_STEP * 60000;
  const instant = Date.parse(iso);
  return Number.isNaN(instant) ? iso : new Date(Math.floor(instant / step) * step).toISOString();
}

/** ISO instant → the typed form { date: 'DD/MM/YYYY', time: 'HH:MM' } in Paris time. */
export function visitDateTimeFromIso(iso: string | null): { date: string; time: string } | null {
  if (!iso || Number.isNaN(Date.parse(iso))) return null;
  const map = wallClockParts(Date.parse(iso), VISIT_TIME_ZONE);
  return {
    date: `${map.day}/${map.month}/${map.year}`,
    time: `${map.hour}:${map.minute}`,
  };
}
