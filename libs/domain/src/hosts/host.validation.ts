import { Rules, validate } from '../rules/engine';
import { HOST_MESSAGES, MESSAGES } from '../rules/messages';
import { HOST_PRICE_MIN, HOST_ROOMS_MAX, HOST_ROOMS_MIN, HOST_SURFACE_MIN } from './host';

export const URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const NUMBER_PATTERN = /^-?\d+([.,]\d+)?$/;
const INTEGER_PATTERN = /^-?\d+$/;

const url = { kind: 'regex', pattern: URL_PATTERN, message: HOST_MESSAGES.url } as const;
const numeric = { kind: 'regex', pattern: NUMBER_PATTERN, message: MESSAGES.number } as const;
const integer = { kind: 'regex', pattern: INTEGER_PATTERN, message: MESSAGES.integer } as const;

/** §5 "Hosts", detail edit: the host page skips its sync while any of these fails. */
export const HOST_EDIT_RULES: Rules = {
  address: [{ kind: 'required' }],
  externalId: [{ kind: 'required' }, url],
  carrez: [numeric],
  numberOfRoom: [{ kind: 'required' }, integer],
  price: [numeric],
  contactEmail: [{ kind: 'email' }],
};

/** §5 "Hosts", add form: the same plus the minimums and rooms 1 to 10. */
export const HOST_ADD_RULES: Rules = {
  address: [{ kind: 'required' }],
  externalId: [{ kind: 'required' }, url],
  carrez: [numeric, { kind: 'min_value', min: HOST_SURFACE_MIN }],
  numberOfRoom: [{ kind: 'required' }, integer, { kind: 'min_value', min: HOST_ROOMS_MIN }],
  price: [numeric, { kind: 'min_value', min: HOST_PRICE_MIN }],
  contactEmail: [{ kind: 'email' }],
};

/** Field → French message for the host page (detail edit). */
export function validateHostEdit(values: Record<string, unknown>): Record<string, string> {
  return validate(values, HOST_EDIT_RULES);
}

/** Field → French message for the add dialog (rooms 1 to 10, surface and price at least 1). */
export function validateHostAdd(values: Record<string, unknown>): Record<string, string> {
  const errors = validate(values, HOST_ADD_RULES);
  if (!errors.numberOfRoom && Number(values.numberOfRoom) > HOST_ROOMS_MAX)
    errors.numberOfRoom = MESSAGES.maxValue(HOST_ROOMS_MAX);
  return errors;
}
