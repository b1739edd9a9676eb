/** Input helpers (§5 "Inputs", §9): what a typed value becomes before it is stored. */

function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return null;
  return date.toISOString().slice(0, 10);
}

/** 'DD/MM/YYYY' or 'YYYY-MM-DD' → 'YYYY-MM-DD'; anything else (or an impossible date) → null. */
export function parseDateInput(input: string): string | null {
  const text = input.trim();
  const french = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (french) return isoDate(Number(french[3]), Number(french[2]), Number(french[1]));
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) return isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  return null;
}

/** 'MM/YYYY' or 'YYYY-MM' → the first or last day of that month ('YYYY-MM-DD'), else null. */
export function parseMonthInput(input: string, mode: 'start' | 'end'): string | null {
  const text = input.trim();
  const french = /^(\d{2})\/(\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})$/.exec(text);
  const [year, month] = french
    ? [Number(french[2]), Number(french[1])]
    : iso
      ? [Number(iso[1]), Number(iso[2])]
      : [0, 0];
  if (!year || month < 1 || month > 12) return null;
  const day = mode === 'start' ? 1 : new Date(Date.UTC(year, month, 0)).getUTCDate();
  return isoDate(year, month, day);
}

/** 'YYYY-MM-DD…' → 'DD/MM/YYYY' for display ('' when empty or not a date). */
export function formatDate(iso: string | null | undefined): string {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** 'YYYY-MM-DD…' → 'MM/YYYY' for display. */
export function formatMonth(iso: string | null | undefined): string {
  const match = iso ? /^(\d{4})-(\d{2})/.exec(iso) : null;
  return match ? `${match[2]}/${match[1]}` : '';
}

/** Optional plus sign and at least 10 digits; spaces are ignored. */
export const PHONE_PATTERN = /^\+?\d{10,}$/;

export function isPhone(value: unknown): boolean {
  return typeof value === 'string' && PHONE_PATTERN.test(value.replace(/\s/g, ''));
}

/** The company id (SIRET) has 14 characters; spaces are ignored. */
export const SIRET_LENGTH = 14;

export function isSiret(value: unknown): boolean {
  return typeof value === 'string' && value.replace(/\s/g, '').length === SIRET_LENGTH;
}

/** A visit date is typed DD/MM/20YY; a time HH:MM (24 h, minutes in steps of 5). */
export const VISIT_DATE_PATTERN = /^(0[1-9]|[12]\d|3[01])\/(0[1-9]|1[0-2])\/20\d{2}$/;
export const VISIT_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5][05]$/;
