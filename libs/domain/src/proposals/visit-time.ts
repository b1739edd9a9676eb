import { VISIT_DATE_PATTERN, VISIT_TIME_PATTERN, parseDateInput } from '../rules/inputs';

/** Visits are typed in French local time. */
export const VISIT_TIME_ZONE = 'Europe/Paris';
export const VISIT_MINUTES_STEP = 5;

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: VISIT_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Minutes Paris is ahead of UTC at an instant. */
function parisOffsetMinutes(instant: number): number {
  const get = (type: string) =>
    Number(parts.formatToParts(new Date(instant)).find((part) => part.type === type)?.value ?? '0');
  const local = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((local - instant) / 60000);
}

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

/** ISO instant → the typed form { date: 'DD/MM/YYYY', time: 'HH:MM' } in Paris time. */
export function visitDateTimeFromIso(iso: string | null): { date: string; time: string } | null {
  if (!iso || Number.isNaN(Date.parse(iso))) return null;
  const map = Object.fromEntries(
    parts.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  );
  return {
    date: `${map.day}/${map.month}/${map.year}`,
    time: `${map.hour}:${map.minute}`,
  };
}
