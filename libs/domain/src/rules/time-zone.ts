const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of `timeZone` at an instant (ms): year, month, day, hour, minute, second. */
export function wallClockParts(instant: number, timeZone: string): Record<string, string> {
  return Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
}

/** Minutes `timeZone`'s wall clock is ahead of UTC at an instant (ms), across DST changes. */
export function zoneOffsetMinutes(instant: number, timeZone: string): number {
  const parts = wallClockParts(instant, timeZone);
  const get = (type: string) => Number(parts[type] ?? '0');
  const wall = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((wall - Math.floor(instant / 1000) * 1000) / 60000);
}
