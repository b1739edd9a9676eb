import {
  CONTRACT_TYPES,
  formatComputedValue,
  formatDate,
  PROSPECT_STAGE_LABELS,
  STAGE_LABELS,
  type ProspectStage,
} from '@reloc/domain';
import type { FieldSpec, Option } from '../projects/page/components/DraftField';
import {
  companyFields,
  HOUSEHOLD,
  IDENTITY,
  personFields,
  PROJECT_INFO,
  RENTAL_FILE,
  SERVICE_WISH,
  SITUATION_NOTES,
} from '../projects/page/fields';
import { formatValue } from './format';

const contractTypes = CONTRACT_TYPES as readonly string[];

/** The project fields as the Info and Locataire tabs show them, by name. */
const PROJECT_SPECS = new Map<string, FieldSpec>(
  [
    ...SERVICE_WISH,
    ...PROJECT_INFO,
    ...RENTAL_FILE,
    ...IDENTITY,
    ...HOUSEHOLD,
    ...companyFields(contractTypes),
    ...(['co', 'g1', 'g2'] as const).flatMap((prefix) => personFields(prefix, contractTypes)),
    ...SITUATION_NOTES,
  ].map((spec) => [spec.name, spec]),
);

/** Place fields (`fromAddressObject`) shown through their text field (`actualCity`). */
const PLACE_OF = new Map<string, string>(
  [...PROJECT_SPECS.values()]
    .filter((spec) => spec.placeField)
    .map((spec) => [spec.placeField as string, spec.name]),
);

const euros = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});
const numbers = new Intl.NumberFormat('fr-FR');

const optionLabel = (options: Option[] | undefined, value: unknown): string | null => {
  for (const option of options ?? []) {
    const { value: v, label } =
      typeof option === 'string' ? { value: option, label: option } : option;
    if (v === String(value)) return label;
  }
  return null;
};

const isDay = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A plain object in one line, its empty parts left out ('—' when nothing is left). */
function objectLine(value: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, inner] of Object.entries(value)) {
    const text =
      inner && typeof inner === 'object' && !Array.isArray(inner) && !('label' in inner)
        ? objectLine(inner as Record<string, unknown>)
        : display(key, inner);
    if (text !== '—') parts.push(`${key} : ${text}`);
  }
  return parts.length ? parts.join(' · ') : '—';
}

/** Names of ids a history shows, by field: `chosenEstate` → the property's address. */
export type ValueNames = Readonly<Record<string, ReadonlyMap<string, string>>>;

/**
 * A value of the history as the project page shows it: dates DD/MM/YYYY, select values by
 * their label, amounts in euros, stages by name; `aggregate` is the stream's ('project'…).
 */
export function display(
  field: string,
  value: unknown,
  aggregate = 'project',
  names?: ValueNames,
): string {
  if (value === null || value === undefined || value === '') return '—';
  const named = typeof value === 'string' ? names?.[field]?.get(value) : undefined;
  if (named) return named;
  if (field === 'currentProgress' && typeof value === 'string')
    return aggregate === 'prospect'
      ? (PROSPECT_STAGE_LABELS[value as ProspectStage] ?? value)
      : ((STAGE_LABELS as Record<string, string>)[value] ?? value);
  // Computed fields as the Info tab shows them (km, h min, address without coordinates),
  // with the same formatter as the PDF export.
  const computed = formatComputedValue(aggregate, field, value);
  if (computed !== null) return computed;
  const spec = aggregate === 'project' ? PROJECT_SPECS.get(field) : undefined;
  if (spec?.kind === 'select') return optionLabel(spec.options, value) ?? formatValue(value);
  if (typeof value === 'number') {
    if (spec?.label.includes('(€)')) return euros.format(value);
    return numbers.format(value);
  }
  if (isDay(value)) return formatDate(value);
  if (value && typeof value === 'object' && !Array.isArray(value) && !('label' in value))
    return objectLine(value as Record<string, unknown>);
  return formatValue(value);
}

/**
 * Each field once: a place field goes with its text field, and of two lines with the same
 * label the first one with a value stays.
 */
export function onePerField<T extends { field: string; label: string }>(
  lines: T[],
  valueOf: (line: T) => unknown,
): T[] {
  const names = new Set(lines.map((line) => line.field));
  const kept: T[] = [];
  for (const line of lines) {
    const text = PLACE_OF.get(line.field);
    if (text && names.has(text)) {
      // Shown through its text field, unless that one says nothing (a place chosen from the
      // suggestions before its text was kept): then the place's own label is the value.
      const shown = kept.findIndex((other) => other.field === text);
      if (shown !== -1 && display(text, valueOf(kept[shown])) === '—') kept[shown] = line;
      continue;
    }
    const same = kept.findIndex((other) => other.label === line.label);
    if (same === -1) kept.push(line);
    else if (display(kept[same].field, valueOf(kept[same])) === '—') kept[same] = line;
  }
  return kept;
}
