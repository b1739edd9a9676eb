import { formatDate, parseDateInput } from '@reloc/domain';

export const FRENCH_MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

export const DATE_FORMAT_HINT = 'JJ/MM/AAAA';
export const INVALID_DATE = 'Date invalide : écrivez-la JJ/MM/AAAA';

/**
 * Digits typed into a DD/MM/YYYY field, with the slashes put in as one types ('1511' →
 * '15/11'); at most 8 digits.
 */
export function maskDate(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 8);
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean);
  return parts.join('/');
}

/** 'YYYY-MM-DD' shown as 'DD/MM/YYYY' ('' when empty). */
export const showDate = (iso: string) => formatDate(iso);

/** A complete typed date → 'YYYY-MM-DD'; null when incomplete or not a real day. */
export function readDate(text: string): string | null {
  return /^\d{2}\/\d{2}\/\d{4}$/.test(text.trim()) ? parseDateInput(text) : null;
}

/** 'YYYY-MM' → '[YYYY, M]' and back. */
export function splitMonth(value: string): { year: number; month: number } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  return match ? { year: Number(match[1]), month: Number(match[2]) } : null;
}

export const joinMonth = (year: number, month: number) =>
  `${year}-${String(month).padStart(2, '0')}`;

/** 'novembre 2026' for 'YYYY-MM'. */
export function monthLabel(value: string): string {
  const parts = splitMonth(value);
  return parts ? `${FRENCH_MONTHS[parts.month - 1]} ${parts.year}` : '';
}
