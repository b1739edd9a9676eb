import {
  formatDate,
  MESSAGES,
  parseDateInput,
  type Place,
  UNKNOWN_ROOMS,
  validateHostAdd,
  validateHostEdit,
} from '@reloc/domain';
import type { HostDto } from './types';

/** The host form as typed: numbers and the date stay text until the server reads them. */
export type HostForm = {
  address: string;
  addressObject: Place | null;
  externalId: string;
  carrez: string;
  numberOfRoom: string;
  price: string;
  description: string;
  /** DD/MM/YYYY as typed. */
  dateAvailable: string;
  contactName: string;
  contactPhoneNumber: string;
  contactEmail: string;
  isActive: boolean;
  publish: boolean;
  photoUrlEstate: string[];
};

export type HostFormKey = keyof HostForm;
export type FieldErrors = Partial<Record<string, string>>;

export const EMPTY_HOST_FORM: HostForm = {
  address: '',
  addressObject: null,
  externalId: '',
  carrez: '',
  numberOfRoom: '',
  price: '',
  description: '',
  dateAvailable: '',
  contactName: '',
  contactPhoneNumber: '',
  contactEmail: '',
  isActive: true,
  publish: true,
  photoUrlEstate: [],
};

const numberText = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

export function formOf(host: HostDto): HostForm {
  return {
    address: host.address ?? '',
    addressObject: host.addressObject ?? null,
    externalId: host.externalId ?? '',
    carrez: numberText(host.carrez),
    // -1 is the stored 'unknown' (§3): kept as typed so an untouched host still syncs.
    numberOfRoom: numberText(host.numberOfRoom ?? UNKNOWN_ROOMS),
    price: numberText(host.price),
    description: host.description ?? '',
    dateAvailable: formatDate(host.dateAvailable),
    contactName: host.contactName ?? '',
    contactPhoneNumber: host.contactPhoneNumber ?? '',
    contactEmail: host.contactEmail ?? '',
    isActive: host.isActive ?? true,
    publish: host.publish ?? true,
    photoUrlEstate: host.photoUrlEstate ?? [],
  };
}

/** An address counts only with its chosen place (spec §5 "Inputs"). */
const validationValues = (form: HostForm): Record<string, unknown> => ({
  ...form,
  address: form.addressObject ? form.address : '',
});

/** A typed address without a chosen place says so rather than 'Obligatoire'. */
function addressMessage(form: HostForm, errors: Record<string, string>): Record<string, string> {
  if (errors.address && form.address.trim() && !form.addressObject)
    return { ...errors, address: MESSAGES.precise };
  return errors;
}

/** A date the server cannot read would be dropped silently: say it instead. */
function dateMessage(form: HostForm, errors: Record<string, string>): Record<string, string> {
  const text = form.dateAvailable.trim();
  if (text && !parseDateInput(text)) return { ...errors, dateAvailable: MESSAGES.invalid };
  return errors;
}

/** §5 "Hosts" detail edit rules: the host page does not sync while any fails. */
export function hostEditErrors(form: HostForm): Record<string, string> {
  return dateMessage(form, addressMessage(form, validateHostEdit(validationValues(form))));
}

/** §5 "Hosts" add rules (rooms 1 to 10, surface and price at least 1). */
export function hostAddErrors(form: HostForm): Record<string, string> {
  return dateMessage(form, addressMessage(form, validateHostAdd(validationValues(form))));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `form` that differ from `baseline`. */
export function changedKeys(form: HostForm, baseline: HostForm): HostFormKey[] {
  return (Object.keys(form) as HostFormKey[]).filter((key) => !same(form[key], baseline[key]));
}

const textOrNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The PUT /hosts/{id} body of `keys` (all fields when omitted); numbers go as typed. */
export function bodyOf(form: HostForm, keys?: readonly HostFormKey[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of keys ?? (Object.keys(form) as HostFormKey[])) {
    const value = form[key];
    if (key === 'addressObject') body.addressObject = form.addressObject;
    else if (key === 'dateAvailable') body.dateAvailable = parseDateInput(form.dateAvailable);
    else if (typeof value === 'string') body[key] = textOrNull(value);
    else body[key] = value;
  }
  // The address and its place travel together: the server checks them as a pair.
  if ('address' in body || 'addressObject' in body) {
    body.address = textOrNull(form.address);
    body.addressObject = form.addressObject;
  }
  return body;
}
