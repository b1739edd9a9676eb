import { Rules, validate } from '../rules/engine';
import { HOST_MESSAGES, MESSAGES } from '../rules/messages';
import {
  HOST_PRICE_MIN,
  HOST_ROOMS_MAX,
  HOST_ROOMS_MIN,
  HOST_SURFACE_MIN,
  UNKNOWN_ROOMS,
} from './host';

export const URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const NUMBER_PATTERN = /^-?\d+([.,]\d+)?$/;
const INTEGER_PATTERN = /^-?\d+$/;

const url = { kind: 'regex', pattern: URL_PATTERN, message: HOST_MESSAGES.url } as const;
const numeric = { kind: 'regex', pattern: NUMBER_PATTERN, message: MESSAGES.number } as const;
const integer = { kind: 'regex', pattern: INTEGER_PATTERN, message: MESSAGES.integer } as const;

/**
 * §5 "Hosts", every write path (issue 15 point 10: the console adds with POST then PUT, so the
 * add form's minimums hold on the detail edit too): carrez and price at least 1, rooms an
 * integer from 1 to 10 or -1 (unknown), externalId a URL, contactEmail an e-mail.
 */
export const HOST_EDIT_RULES: Rules = {
  address: [{ kind: 'required' }],
  externalId: [{ kind: 'required' }, url],
  carrez: [numeric, { kind: 'min_value', min: HOST_SURFACE_MIN }],
  numberOfRoom: [{ kind: 'required' }, integer],
  price: [numeric, { kind: 'min_value', min: HOST_PRICE_MIN }],
  contactEmail: [{ kind: 'email' }],
};

/** §5 "Hosts", add form: the same, the rooms typed from 1 to 10. */
export const HOST_ADD_RULES: Rules = HOST_EDIT_RULES;

/** Rooms 1 to 10, or -1 (unknown) where `unknownAllowed`: the message of a count out of range. */
function roomsMessage(value: unknown, unknownAllowed: boolean): string | null {
  const rooms = Number(value);
  if (unknownAllowed && rooms === UNKNOWN_ROOMS) return null;
  if (rooms < HOST_ROOMS_MIN) return MESSAGES.minValue(HOST_ROOMS_MIN);
  if (rooms > HOST_ROOMS_MAX) return MESSAGES.maxValue(HOST_ROOMS_MAX);
  return null;
}

function validateHost(values: Record<string, unknown>, unknownRooms: boolean) {
  const errors = validate(values, HOST_EDIT_RULES);
  if (!errors.numberOfRoom) {
    const rooms = roomsMessage(values.numberOfRoom, unknownRooms);
    if (rooms) errors.numberOfRoom = rooms;
  }
  return errors;
}

/** Field → French message for the host page and every server write (-1 rooms: unknown). */
export function validateHostEdit(values: Record<string, unknown>): Record<string, string> {
  return validateHost(values, true);
}

/** Field → French message for the add dialog (rooms 1 to 10, surface and price at least 1). */
export function validateHostAdd(values: Record<string, unknown>): Record<string, string> {
  return validateHost(values, false);
}
