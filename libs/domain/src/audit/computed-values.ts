import { formatDistanceKm, formatDuration } from '../proposals/proposal.views';

/** '72 place du Marché, 13001 Marseille@43.2965,5.3698' → the address without its coordinates. */
export function addressWithoutCoordinates(value: string): string {
  return value.replace(/@-?\d+(\.\d+)?,-?\d+(\.\d+)?$/, '');
}

/**
 * A computed field of a file as the Info tab shows it, for the history (console tab and PDF
 * export): the contractual distance in whole km (stored in metres), the contractual time in
 * h and min (stored in seconds), and the address they were computed for without its
 * coordinates. Null for any other field or aggregate: the caller formats it its own way.
 */
export function formatComputedValue(
  aggregate: string,
  field: string,
  value: unknown,
): string | null {
  if (aggregate !== 'project') return null;
  if (field === 'contractualDistance' && typeof value === 'number') return formatDistanceKm(value);
  if (field === 'contractualTime' && typeof value === 'number') return formatDuration(value);
  if (/^lastContractualAddress[12]$/.test(field) && typeof value === 'string')
    return addressWithoutCoordinates(value);
  return null;
}
