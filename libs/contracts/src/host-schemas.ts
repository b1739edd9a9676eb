import { HOST_IGNORED_KEYS, HostEditableField, HOSTS_PAGE_SIZE } from '@reloc/domain';

/**
 * Schemas of the host calls (spec §7 "Proposals and hosts"). They check shapes and types only:
 * the §5 "Hosts" rules (address required, externalId a URL, integer rooms, e-mail…) are the
 * decider's, which answers them with French field errors. Numbers may arrive typed ('12,5').
 */
const text = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;
const typedNumber = {
  anyOf: [{ type: 'number' }, { type: 'string', maxLength: 30 }, { type: 'null' }],
} as const;

/** One schema per editable field: the compiler fails here if the domain gains a field. */
export const HOST_FIELD_SCHEMAS: Record<HostEditableField, object> = {
  address: text(500),
  addressObject: { type: ['object', 'null'] }, // the place the address search gave
  externalId: text(2000),
  carrez: typedNumber,
  numberOfRoom: typedNumber,
  price: typedNumber,
  description: text(10000),
  photoUrlEstate: {
    type: ['array', 'null'],
    maxItems: 100,
    items: { type: 'string', maxLength: 100 },
  },
  dateAvailable: text(30),
  contactName: text(200),
  contactPhoneNumber: text(50),
  contactEmail: text(254),
  isActive: { type: 'boolean' },
  publish: { type: 'boolean' },
};

/**
 * Keys a synced body may carry that the server owns (§7: _id, __v, preciseAddress,
 * preciseAddressObject, and what GET /hosts/{id} adds): accepted whatever their value, ignored.
 */
export const HOST_SERVER_KEYS = [...HOST_IGNORED_KEYS, 'warnings'] as const;

/** POST /hosts: creates an empty host; the body is empty (or absent). */
export const createHostSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {},
} as const;
export type CreateHostBody = Record<string, never>;

/** PUT /hosts/{id}: the changed fields of the host form; any other key is 'Champ inconnu'. */
export const updateHostSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...HOST_FIELD_SCHEMAS,
    ...Object.fromEntries(HOST_SERVER_KEYS.map((key) => [key, {}])),
  },
} as const;
export type UpdateHostBody = Record<string, unknown>;

/** POST /hosts/_search: a page of at most 60 hosts, newest first. */
export const searchHostsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    offset: { type: 'integer', minimum: 0 },
    size: { type: 'integer', minimum: 1, maximum: HOSTS_PAGE_SIZE },
    input: { type: 'string', maxLength: 200 },
    // null (or absent): both chips off, every host.
    isActive: { type: ['boolean', 'null'] },
  },
} as const;
export type SearchHostsBody = {
  offset?: number;
  size?: number;
  input?: string;
  isActive?: boolean | null;
};
