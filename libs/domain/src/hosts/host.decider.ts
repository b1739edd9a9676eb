import { parseDateInput } from '../rules/inputs';
import { HOST_MESSAGES, MESSAGES, PROJECT_MESSAGES } from '../rules/messages';
import { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import { dateFromObjectId, isObjectId } from '../shared/ids';
import {
  GeoLoc,
  HOST_EDITABLE_FIELDS,
  HOST_IGNORED_KEYS,
  Host,
  HostChanges,
  HostEditableField,
  emptyHost,
  hostExists,
} from './host';
import { HostCommand, UpdateHost } from './host.commands';
import { HostEvent } from './host.events';
import { evolveHost } from './host.evolve';
import { validateHostEdit } from './host.validation';

function invalidIfAny(errors: Record<string, string>): void {
  if (Object.keys(errors).length)
    throw new DomainError(PROJECT_MESSAGES.invalidRequest, 'invalid', errors);
}

function requireHost(state: Host): Host {
  if (!hostExists(state)) throw new DomainError(HOST_MESSAGES.notFound, 'notFound');
  return state;
}

const TEXT_FIELDS = new Set<string>([
  'address',
  'externalId',
  'description',
  'contactName',
  'contactPhoneNumber',
  'contactEmail',
]);
const NUMBER_FIELDS = new Set<string>(['carrez', 'numberOfRoom', 'price']);

/** A typed number ('12,5' included) becomes a number; anything else is left for the rules. */
function toNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return null;
  const parsed = Number(text.replace(',', '.'));
  return Number.isFinite(parsed) ? parsed : text;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The edited values in stored form; a date not typed as a date is ignored (§5 "Inputs"). */
function normalize(changes: Record<string, unknown>): {
  values: Record<string, unknown>;
  errors: Record<string, string>;
} {
  const values: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const [key, raw] of Object.entries(changes ?? {})) {
    if ((HOST_IGNORED_KEYS as readonly string[]).includes(key)) continue;
    if (!(HOST_EDITABLE_FIELDS as readonly string[]).includes(key)) {
      errors[key] = MESSAGES.unknownField;
      continue;
    }
    if (TEXT_FIELDS.has(key)) {
      if (raw === null || raw === undefined) values[key] = null;
      else if (typeof raw === 'string') values[key] = raw.trim() === '' ? null : raw.trim();
      else errors[key] = MESSAGES.invalid;
    } else if (NUMBER_FIELDS.has(key)) {
      values[key] = raw === undefined ? null : toNumber(raw);
    } else if (key === 'isActive' || key === 'publish') {
      if (typeof raw === 'boolean') values[key] = raw;
      else errors[key] = MESSAGES.invalid;
    } else if (key === 'photoUrlEstate') {
      if (raw === null || raw === undefined) values[key] = [];
      else if (Array.isArray(raw) && raw.every((id) => typeof id === 'string' && id.trim()))
        values[key] = raw.map((id: string) => id.trim());
      else errors[key] = MESSAGES.invalid;
    } else if (key === 'addressObject') {
      if (raw === null || raw === undefined) values[key] = null;
      else if (typeof raw === 'object' && !Array.isArray(raw)) values[key] = raw;
      else errors[key] = MESSAGES.invalid;
    } else if (key === 'dateAvailable') {
      if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === ''))
        values[key] = null;
      else if (typeof raw === 'string') {
        const date = parseDateInput(raw.trim()) ?? parseDateInput(raw.trim().slice(0, 10));
        if (date) values[key] = date;
      }
    }
  }
  return { values, errors };
}

function updateHost(command: UpdateHost, host: Host): HostEvent[] {
  const { values, errors } = normalize(command.changes);
  invalidIfAny(errors);
  invalidIfAny(validateHostEdit({ ...host, ...values }));
  const changes: HostChanges = {};
  for (const [key, value] of Object.entries(values)) {
    if (!same(value, host[key as HostEditableField]))
      Object.assign(changes, { [key]: value } as HostChanges);
  }
  if (!Object.keys(changes).length) return [];
  const addressChanged = 'address' in changes || 'addressObject' in changes;
  return [
    {
      type: 'HostUpdated',
      data: {
        hostId: host._id,
        changes,
        geoLocCleared: addressChanged && host.geoLoc !== null,
        at: command.at,
      },
    },
  ];
}

function checkGeoLoc(geoLoc: GeoLoc | null): void {
  if (geoLoc === null) return;
  const [lng, lat] = Array.isArray(geoLoc?.coordinates) ? geoLoc.coordinates : [];
  const ok =
    geoLoc?.type === 'Point' &&
    geoLoc.coordinates.length === 2 &&
    typeof lng === 'number' &&
    typeof lat === 'number' &&
    Math.abs(lng) <= 180 &&
    Math.abs(lat) <= 90;
  if (!ok) invalidIfAny({ geoLoc: MESSAGES.invalid });
}

export function decideHost(command: HostCommand, state: Host): HostEvent[] {
  if (command.type === 'CreateHost') {
    if (hostExists(state)) throw new DomainError(HOST_MESSAGES.alreadyExists, 'conflict');
    if (!isObjectId(command.hostId)) invalidIfAny({ _id: MESSAGES.invalid });
    const createdAt = dateFromObjectId(command.hostId).toISOString();
    return [{ type: 'HostCreated', data: { hostId: command.hostId, createdAt } }];
  }
  const host = requireHost(state);
  const hostId = host._id;
  switch (command.type) {
    case 'UpdateHost':
      return updateHost(command, host);
    case 'SetGeolocation':
      checkGeoLoc(command.geoLoc);
      // A point for an address the host no longer has is stale: the newer job will answer.
      if (command.address !== host.address) return [];
      // No point found is recorded once per address: 'Pas de géolocalisation', not 'en cours'.
      if (same(command.geoLoc, host.geoLoc) && host.geocodedAddress === command.address) return [];
      return [
        {
          type: 'HostGeolocated',
          data: { hostId, address: command.address, geoLoc: command.geoLoc },
        },
      ];
    case 'SetHostActive':
      if (typeof command.isActive !== 'boolean') invalidIfAny({ isActive: MESSAGES.invalid });
      if (command.isActive === host.isActive) return [];
      return [
        { type: 'HostActiveSet', data: { hostId, isActive: command.isActive, at: command.at } },
      ];
    case 'PublishHost':
      if (typeof command.publish !== 'boolean') invalidIfAny({ publish: MESSAGES.invalid });
      if (command.publish === host.publish) return [];
      return [
        { type: 'HostPublishSet', data: { hostId, publish: command.publish, at: command.at } },
      ];
  }
}

/** The host aggregate (`host-<id>` streams). */
export const hostDecider: Decider<HostCommand, HostEvent, Host> = {
  initialState: () => emptyHost(),
  decide: decideHost,
  evolve: evolveHost,
};
