import { MESSAGES, isEmail } from './messages';
import { parseDateInput } from './inputs';

/** The generic rule engine (§5 "Generic rule engine"). */
export type Rule =
  | { kind: 'required' }
  /** Required when another field equals a value. */
  | { kind: 'required_if'; field: string; equals: unknown }
  | { kind: 'min_value'; min: number }
  /** Another field must be present (an address needs its geocoded place). */
  | { kind: 'precise'; field: string }
  | { kind: 'date' }
  | { kind: 'regex'; pattern: RegExp; message?: string; ignoreSpaces?: boolean }
  | { kind: 'email' }
  | { kind: 'length'; length: number; ignoreSpaces?: boolean };

export type Rules = Record<string, Rule[]>;

export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function isRequired(rules: Rule[], values: Record<string, unknown>): boolean {
  return rules.some(
    (rule) =>
      rule.kind === 'required' ||
      (rule.kind === 'required_if' && values[rule.field] === rule.equals),
  );
}

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.replace(',', '.'));
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

function isDateValue(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  return parseDateInput(value.slice(0, 10)) !== null || parseDateInput(value) !== null;
}

function text(value: unknown, ignoreSpaces?: boolean): string {
  const out = typeof value === 'string' ? value : String(value);
  return ignoreSpaces ? out.replace(/\s/g, '') : out;
}

/** The first broken rule's message for a present value, or null. */
function check(rule: Rule, value: unknown, values: Record<string, unknown>): string | null {
  switch (rule.kind) {
    case 'required':
    case 'required_if':
      return null;
    case 'min_value': {
      const number = asNumber(value);
      if (number === null) return MESSAGES.number;
      return number < rule.min ? MESSAGES.minValue(rule.min) : null;
    }
    case 'precise':
      return isEmpty(values[rule.field]) ? MESSAGES.precise : null;
    case 'date':
      return isDateValue(value) ? null : MESSAGES.invalid;
    case 'regex':
      return rule.pattern.test(text(value, rule.ignoreSpaces))
        ? null
        : (rule.message ?? MESSAGES.invalid);
    case 'email':
      return isEmail(typeof value === 'string' ? value.trim() : value) ? null : MESSAGES.email;
    case 'length':
      return text(value, rule.ignoreSpaces).length === rule.length
        ? null
        : MESSAGES.exactLength(rule.length);
  }
}

/** Field → first French message; an empty field that is not required is valid. */
export function validate(values: Record<string, unknown>, rules: Rules): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, fieldRules] of Object.entries(rules)) {
    const value = values[field];
    if (isEmpty(value)) {
      if (isRequired(fieldRules, values)) errors[field] = MESSAGES.required;
      continue;
    }
    for (const rule of fieldRules) {
      const message = check(rule, value, values);
      if (message) {
        errors[field] = message;
        break;
      }
    }
  }
  return errors;
}
