import { parseDateInput } from '../rules/inputs';
import { MESSAGES } from '../rules/messages';
import { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import { dateFromObjectId, isObjectId } from '../shared/ids';
import { FieldConflictError, sameValue } from '../projects/field-conflict';
import {
  ABANDON_REASONS,
  canEditProspect,
  EMPLOYEES_COUNTS,
  emptyProspect,
  isProspectAdmin,
  isProspectStage,
  isProspectSuperAdmin,
  nextProspectStage,
  POTENTIAL_FIELDS,
  Prospect,
  PROSPECT_MESSAGES,
  PROSPECT_ORIGINS,
  PROSPECT_PLAIN_FIELDS,
  PROSPECT_ROLES,
  PROSPECT_SELECT_FIELDS,
  PROSPECT_STAGE_LABELS,
  PROSPECT_TEXT_FIELDS,
  PROSPECT_TYPES,
  ProspectActor,
  ProspectRole,
  ProspectStage,
  prospectExists,
  prospectStageIndex,
  STRUCTURE_TYPES,
} from './prospect';
import { aheadOfTheoryReason, isStageAheadOfTheory, prospectStageErrors } from './prospect.rules';

/* ---------- commands ---------- */

type Base = { prospectId: string; at: string; actor: ProspectActor };

/** POST /prospects: the add dialog's name and optional sales person. */
export type CreateProspect = Base & { type: 'CreateProspect'; name: string; sale: string | null };
/**
 * PUT /prospects/{id}: the changed fields, with the revision the edit started from when the
 * caller guards against concurrent edits; without it they apply to the latest state.
 */
export type UpdateProspect = Base & {
  type: 'UpdateProspect';
  baseRevision?: number;
  changes: Record<string, unknown>;
  /** The stage the linked client files justify; a move ahead of it is refused (§4). */
  theory?: ProspectStage;
};
export type DeleteProspect = Base & { type: 'DeleteProspect' };
/** An uploaded file (POST /cache/upload) attached to the prospect. */
export type AttachProspectFile = Base & {
  type: 'AttachProspectFile';
  file: { _id: string; name: string; mime: string; size: number };
};
export type RemoveProspectFile = Base & { type: 'RemoveProspectFile'; fileId: string };
/** Someone followed the company link (the public redirect counts it for the monthly chart). */
export type RecordProspectClick = Base & { type: 'RecordProspectClick' };
export type ProspectCommand =
  | CreateProspect
  | UpdateProspect
  | DeleteProspect
  | AttachProspectFile
  | RemoveProspectFile
  | RecordProspectClick;

/* ---------- events ---------- */

type Event<Type extends string, Data> = {
  type: Type;
  data: Data & { prospectId: string; at: string; by: string };
};
export type ProspectCreated = Event<
  'ProspectCreated',
  { name: string; sale: string | null; createdAt: string }
>;
export type ProspectFieldsChanged = Event<
  'ProspectFieldsChanged',
  { changes: Partial<Record<string, unknown>> }
>;
/** Timeline PROSPECT_CHANGEMENT_STATUT. */
export type ProspectStageChanged = Event<
  'ProspectStageChanged',
  { from: ProspectStage; to: ProspectStage }
>;
export type ProspectAbandoned = Event<'ProspectAbandoned', { notInterested: string }>;
export type ProspectResumed = Event<'ProspectResumed', Record<never, never>>;
/** Timeline PROSPECT_ROLE_CHANGE. */
export type ProspectAssigneeChanged = Event<
  'ProspectAssigneeChanged',
  { role: ProspectRole; from: string | null; to: string | null }
>;
export type ProspectDeleted = Event<'ProspectDeleted', Record<never, never>>;
export type ProspectFileAttached = Event<
  'ProspectFileAttached',
  { file: { _id: string; name: string; mime: string; size: number } }
>;
export type ProspectFileRemoved = Event<'ProspectFileRemoved', { fileId: string }>;
export type ProspectLinkClicked = Event<'ProspectLinkClicked', Record<never, never>>;

export type ProspectEvent =
  | ProspectCreated
  | ProspectFieldsChanged
  | ProspectStageChanged
  | ProspectAbandoned
  | ProspectResumed
  | ProspectAssigneeChanged
  | ProspectDeleted
  | ProspectFileAttached
  | ProspectFileRemoved
  | ProspectLinkClicked;

/* ---------- evolve ---------- */

function touched(state: Prospect, fields: string[], event: ProspectEvent): Prospect {
  const fieldRevisions = { ...state.fieldRevisions };
  const fieldAuthors = { ...state.fieldAuthors };
  for (const field of fields) {
    fieldRevisions[field] = state.revision;
    fieldAuthors[field] = event.data.by;
  }
  return { ...state, fieldRevisions, fieldAuthors };
}

/** Folds one event; every event raises `revision` by one, as the stream's revision does. */
export function evolveProspect(state: Prospect, event: ProspectEvent): Prospect {
  const next = { ...state, revision: state.revision + 1 };
  switch (event.type) {
    case 'ProspectCreated': {
      const created = emptyProspect(event.data.prospectId);
      return {
        ...created,
        revision: next.revision,
        name: event.data.name,
        assignees: { ...created.assignees, sale: event.data.sale },
        createdAt: event.data.createdAt,
        lastMove: event.data.at,
        progress: { new: event.data.at, stopped: false },
      };
    }
    case 'ProspectFieldsChanged':
      return touched(
        { ...next, ...(event.data.changes as Partial<Prospect>) },
        Object.keys(event.data.changes),
        event,
      );
    case 'ProspectStageChanged':
      return touched(
        {
          ...next,
          currentProgress: event.data.to,
          lastMove: event.data.at,
          progress: { ...next.progress, [event.data.to]: event.data.at },
        },
        ['currentProgress'],
        event,
      );
    case 'ProspectAbandoned':
      return touched(
        {
          ...next,
          notInterested: event.data.notInterested,
          progress: { ...next.progress, stopped: true },
        },
        ['notInterested'],
        event,
      );
    case 'ProspectResumed':
      return touched(
        { ...next, notInterested: null, progress: { ...next.progress, stopped: false } },
        ['notInterested'],
        event,
      );
    case 'ProspectAssigneeChanged':
      return touched(
        { ...next, assignees: { ...next.assignees, [event.data.role]: event.data.to } },
        [`assignees.${event.data.role}`],
        event,
      );
    case 'ProspectDeleted':
      return { ...next, deleted: true };
    case 'ProspectFileAttached':
      return {
        ...next,
        files: [
          ...(next.files ?? []),
          { ...event.data.file, addedAt: event.data.at, by: event.data.by },
        ],
      };
    case 'ProspectFileRemoved':
      return {
        ...next,
        files: (next.files ?? []).filter((file) => file._id !== event.data.fileId),
      };
    case 'ProspectLinkClicked': {
      // Counted per UTC year and month, as §3 "clicks (year to month to count)".
      const year = event.data.at.slice(0, 4);
      const month = event.data.at.slice(5, 7);
      const months = { ...(next.clicks[year] ?? {}) };
      months[month] = (months[month] ?? 0) + 1;
      return { ...next, clicks: { ...next.clicks, [year]: months } };
    }
  }
}

/* ---------- decide ---------- */

function invalid(errors: Record<string, string>, message: string = PROSPECT_MESSAGES.invalid) {
  if (Object.keys(errors).length) throw new DomainError(message, 'invalid', errors);
}

function requireProspect(state: Prospect): Prospect {
  if (!prospectExists(state)) throw new DomainError(PROSPECT_MESSAGES.notFound, 'notFound');
  return state;
}

const TRIGRAM = /^[A-Z]{3}$/;
/** The company link's id: it goes into a URL, so letters, digits and inner hyphens only. */
const SHORTID = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/** The company link shows from stage 'pitched' onward when a shortid exists (§4). */
export function hasCompanyLink(prospect: Prospect): boolean {
  return (
    !!prospect.shortid &&
    !prospect.deleted &&
    prospectStageIndex(prospect.currentProgress) >= prospectStageIndex('pitched')
  );
}
const NAME_MAX = 200;

/** The name as stored: trimmed, inner spaces collapsed. */
export function normalizeProspectName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/** The key of the name's unique claim: case, accents and spaces do not make a new name. */
export function prospectNameKey(name: string): string {
  return normalizeProspectName(name).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const SELECT_VALUES: Record<string, readonly string[]> = {
  employeesCount: EMPLOYEES_COUNTS,
  structureType: STRUCTURE_TYPES,
  type: PROSPECT_TYPES,
  origin: PROSPECT_ORIGINS,
};

function toNumber(raw: unknown): number | null | undefined {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw !== 'string') return undefined;
  const text = raw.trim();
  if (text === '') return null;
  const parsed = Number(text.replace(',', '.'));
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** The plain fields in stored form, or the French message of each bad one. */
function normalizeFields(changes: Record<string, unknown>): {
  values: Record<string, unknown>;
  errors: Record<string, string>;
} {
  const values: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const [key, raw] of Object.entries(changes)) {
    if ((PROSPECT_TEXT_FIELDS as readonly string[]).includes(key)) {
      if (raw === null || raw === undefined) values[key] = null;
      else if (typeof raw === 'string') values[key] = raw.trim() === '' ? null : raw.trim();
      else errors[key] = MESSAGES.invalid;
      if (key === 'name') {
        if (!values.name) errors.name = MESSAGES.required;
        else if ((values.name as string).length > NAME_MAX)
          errors.name = MESSAGES.maxLength(NAME_MAX);
        else values.name = normalizeProspectName(values.name as string);
      }
      if (key === 'shortid' && values.shortid) {
        values.shortid = (values.shortid as string).toLowerCase();
        if (!SHORTID.test(values.shortid as string)) errors.shortid = PROSPECT_MESSAGES.shortid;
      }
    } else if ((PROSPECT_SELECT_FIELDS as readonly string[]).includes(key)) {
      if (raw === null || raw === undefined || raw === '') values[key] = null;
      else if (typeof raw === 'string' && SELECT_VALUES[key].includes(raw)) values[key] = raw;
      else errors[key] = MESSAGES.invalid;
    } else if ((POTENTIAL_FIELDS as readonly string[]).includes(key)) {
      const value = toNumber(raw);
      if (value === undefined) errors[key] = MESSAGES.number;
      else if (value !== null && value < 0) errors[key] = MESSAGES.minValue(0);
      else values[key] = value;
    } else if (key === 'demoDate') {
      if (raw === null || raw === undefined || raw === '') values[key] = null;
      else {
        const text = typeof raw === 'string' ? raw.trim() : '';
        const date = parseDateInput(text) ?? parseDateInput(text.slice(0, 10));
        if (date) values[key] = date;
        else errors[key] = MESSAGES.invalid;
      }
    } else if (key === 'addressObject') {
      if (raw === null || raw === undefined) values[key] = null;
      else if (typeof raw === 'object' && !Array.isArray(raw)) values[key] = raw;
      else errors[key] = MESSAGES.invalid;
    } else if (key === 'tags') {
      if (raw === null || raw === undefined) values[key] = [];
      else if (Array.isArray(raw) && raw.every((tag) => typeof tag === 'string'))
        values[key] = [...new Set((raw as string[]).map((tag) => tag.trim()).filter(Boolean))];
      else errors[key] = MESSAGES.invalid;
    } else errors[key] = MESSAGES.unknownField;
  }
  return { values, errors };
}

/**
 * The abandon reason as stored: a cause code, or the free text of 'other' (§3, §4).
 * Accepts a code, `{reason, text}`, or null (unticking Abandonné clears it).
 */
export function normalizeAbandon(raw: unknown): { value: string | null } | { error: string } {
  if (raw === null) return { value: null };
  let reason: unknown = raw;
  let text: unknown = null;
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    reason = (raw as Record<string, unknown>).reason;
    text = (raw as Record<string, unknown>).text ?? null;
  }
  if (typeof reason !== 'string' || reason.trim() === '') return { error: MESSAGES.required };
  if (reason === 'other') {
    const free = typeof text === 'string' ? text.trim() : '';
    return free ? { value: free } : { error: PROSPECT_MESSAGES.otherNeedsText };
  }
  if ((ABANDON_REASONS as readonly string[]).includes(reason)) return { value: reason };
  // A stored free text sent back as it is.
  return { value: reason.trim() };
}

/** The abandon dialog's view of a stored reason. */
export function abandonReasonOf(
  notInterested: string | null,
): { reason: string; text: string | null } | null {
  if (notInterested === null) return null;
  if ((ABANDON_REASONS as readonly string[]).includes(notInterested) && notInterested !== 'other')
    return { reason: notInterested, text: null };
  return { reason: 'other', text: notInterested };
}

function create(command: CreateProspect, state: Prospect): ProspectEvent[] {
  if (prospectExists(state) || state.deleted)
    throw new DomainError(PROSPECT_MESSAGES.alreadyExists, 'conflict');
  const errors: Record<string, string> = {};
  if (!isObjectId(command.prospectId)) errors._id = MESSAGES.invalid;
  const name = typeof command.name === 'string' ? normalizeProspectName(command.name) : '';
  if (!name) errors.name = MESSAGES.required;
  else if (name.length > NAME_MAX) errors.name = MESSAGES.maxLength(NAME_MAX);
  if (command.sale !== null && !TRIGRAM.test(command.sale))
    errors['assignees.sale'] = MESSAGES.invalid;
  invalid(errors);
  return [
    {
      type: 'ProspectCreated',
      data: {
        prospectId: command.prospectId,
        name,
        sale: command.sale,
        createdAt: dateFromObjectId(command.prospectId).toISOString(),
        at: command.at,
        by: command.actor.id,
      },
    },
  ];
}

function update(command: UpdateProspect, state: Prospect): ProspectEvent[] {
  const prospect = requireProspect(state);
  const { actor } = command;
  if (!canEditProspect(actor, prospect))
    throw new DomainError(PROSPECT_MESSAGES.forbidden, 'forbidden');
  const { baseRevision } = command;
  if (baseRevision !== undefined && !Number.isInteger(baseRevision))
    invalid({ _revision: MESSAGES.invalid });
  const { currentProgress, notInterested, assignees, rewards, ...plain } = command.changes ?? {};
  const { values, errors } = normalizeFields(plain);

  // Assignments and the reward are the Admin tab's (§6).
  const adminOnly = assignees !== undefined || rewards !== undefined;
  if (adminOnly && !isProspectAdmin(actor))
    throw new DomainError(PROSPECT_MESSAGES.adminsOnly, 'forbidden');
  const roleChanges: { role: ProspectRole; to: string | null }[] = [];
  if (assignees !== undefined) {
    if (!assignees || typeof assignees !== 'object' || Array.isArray(assignees))
      errors.assignees = MESSAGES.invalid;
    else
      for (const [role, to] of Object.entries(assignees)) {
        if (!(PROSPECT_ROLES as readonly string[]).includes(role))
          errors[`assignees.${role}`] = MESSAGES.unknownField;
        else if (to !== null && (typeof to !== 'string' || !TRIGRAM.test(to)))
          errors[`assignees.${role}`] = MESSAGES.invalid;
        else roleChanges.push({ role: role as ProspectRole, to: to as string | null });
      }
  }
  if (rewards !== undefined) {
    if (!rewards || typeof rewards !== 'object' || Array.isArray(rewards))
      errors.rewards = MESSAGES.invalid;
    else {
      const next = { ...prospect.rewards };
      for (const [key, raw] of Object.entries(rewards)) {
        const value = toNumber(raw);
        if (key !== 'sentToAL' && key !== 'paid') errors[`rewards.${key}`] = MESSAGES.unknownField;
        else if (value === undefined) errors[`rewards.${key}`] = MESSAGES.number;
        else if (value !== null && value < 0) errors[`rewards.${key}`] = MESSAGES.minValue(0);
        else next[key] = value;
      }
      values.rewards = next;
    }
  }
  let abandon: { value: string | null } | undefined;
  if (notInterested !== undefined) {
    const result = normalizeAbandon(notInterested);
    if ('error' in result) errors.notInterested = result.error;
    else abandon = result;
  }
  if (currentProgress !== undefined && !isProspectStage(currentProgress))
    errors.currentProgress = MESSAGES.invalid;
  invalid(errors);

  // Only what really changes; a field someone else changed since the base revision conflicts.
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values))
    if (!sameValue((prospect as unknown as Record<string, unknown>)[field], value))
      changes[field] = value;
  const roles = roleChanges.filter(({ role, to }) => prospect.assignees[role] !== to);
  const stage =
    currentProgress !== undefined && currentProgress !== prospect.currentProgress
      ? (currentProgress as ProspectStage)
      : null;
  const abandonChange = abandon && abandon.value !== prospect.notInterested ? abandon : undefined;
  const touchedFields = [
    ...Object.keys(changes),
    ...roles.map(({ role }) => `assignees.${role}`),
    ...(stage ? ['currentProgress'] : []),
    ...(abandonChange ? ['notInterested'] : []),
  ];
  const conflicts = touchedFields.filter(
    (field) =>
      baseRevision !== undefined &&
      (prospect.fieldRevisions[field] ?? -1) > baseRevision &&
      prospect.fieldAuthors[field] !== actor.id,
  );
  if (conflicts.length) {
    const current = Object.fromEntries(
      conflicts.map((field) => [
        field,
        field.startsWith('assignees.')
          ? prospect.assignees[field.slice(10) as ProspectRole]
          : (prospect as unknown as Record<string, unknown>)[field],
      ]),
    );
    throw new FieldConflictError(conflicts, current, prospect.revision);
  }

  const meta = { prospectId: prospect._id, at: command.at, by: actor.id };
  const events: ProspectEvent[] = [];
  if (Object.keys(changes).length)
    events.push({ type: 'ProspectFieldsChanged', data: { ...meta, changes } });
  for (const { role, to } of roles)
    events.push({
      type: 'ProspectAssigneeChanged',
      data: { ...meta, role, from: prospect.assignees[role], to },
    });
  if (abandonChange)
    events.push(
      abandonChange.value === null
        ? { type: 'ProspectResumed', data: meta }
        : { type: 'ProspectAbandoned', data: { ...meta, notInterested: abandonChange.value } },
    );
  if (stage) {
    const after = events.reduce(evolveProspect, prospect);
    checkStageMove(actor, after, stage, command.theory);
    events.push({
      type: 'ProspectStageChanged',
      data: { ...meta, from: prospect.currentProgress, to: stage },
    });
  }
  return events;
}

/**
 * The superadmin picks any stage, forward or backward (§4). Everyone else uses 'next stage'
 * only: the following stage, once its rules (and every earlier stage's) hold (§5
 * "Prospects") and when it is not ahead of the theoretical status.
 */
export function checkStageMove(
  actor: ProspectActor,
  prospect: Prospect,
  to: ProspectStage,
  theory?: ProspectStage,
): void {
  if (isProspectSuperAdmin(actor)) return;
  if (to !== nextProspectStage(prospect.currentProgress))
    throw new DomainError(PROSPECT_MESSAGES.stageNotNext, 'invalid', {
      currentProgress: PROSPECT_MESSAGES.stageNotNext,
    });
  invalid(prospectStageErrors(prospect, to), PROSPECT_MESSAGES.stageNotReady);
  if (theory && isStageAheadOfTheory(to, theory)) {
    const reason = aheadOfTheoryReason(theory);
    throw new DomainError(reason, 'invalid', { currentProgress: reason });
  }
}

export function decideProspect(command: ProspectCommand, state: Prospect): ProspectEvent[] {
  if (command.type === 'CreateProspect') return create(command, state);
  if (command.type === 'UpdateProspect') return update(command, state);
  const prospect = requireProspect(state);
  const meta = { prospectId: prospect._id, at: command.at, by: command.actor.id };
  if (command.type === 'RecordProspectClick') {
    if (!hasCompanyLink(prospect)) throw new DomainError(PROSPECT_MESSAGES.notFound, 'notFound');
    return [{ type: 'ProspectLinkClicked', data: meta }];
  }
  if (command.type === 'AttachProspectFile' || command.type === 'RemoveProspectFile') {
    if (!canEditProspect(command.actor, prospect))
      throw new DomainError(PROSPECT_MESSAGES.forbidden, 'forbidden');
    const files = prospect.files ?? [];
    if (command.type === 'RemoveProspectFile') {
      if (!files.some((file) => file._id === command.fileId))
        throw new DomainError(PROSPECT_MESSAGES.fileNotFound, 'notFound');
      return [{ type: 'ProspectFileRemoved', data: { ...meta, fileId: command.fileId } }];
    }
    const { _id, name, mime, size } = command.file;
    if (!isObjectId(_id)) invalid({ fileId: MESSAGES.invalid });
    if (files.some((file) => file._id === _id)) return [];
    return [{ type: 'ProspectFileAttached', data: { ...meta, file: { _id, name, mime, size } } }];
  }
  if (!isProspectAdmin(command.actor))
    throw new DomainError(PROSPECT_MESSAGES.adminsOnly, 'forbidden');
  return [{ type: 'ProspectDeleted', data: meta }];
}

/** The prospect aggregate (`prospect-<id>` streams). */
export const prospectDecider: Decider<ProspectCommand, ProspectEvent, Prospect> = {
  initialState: () => emptyProspect(),
  decide: decideProspect,
  evolve: evolveProspect,
};

/** The timeline entry an event adds (§3 "Timeline item"), or null. */
export function prospectTimelineEntry(
  event: ProspectEvent,
): { type: string; label: string; params: Record<string, unknown> } | null {
  switch (event.type) {
    case 'ProspectCreated':
      return { type: 'CREATION', label: 'Création', params: { name: event.data.name } };
    case 'ProspectStageChanged':
      return {
        type: 'PROSPECT_CHANGEMENT_STATUT',
        label: `Changement de statut : ${PROSPECT_STAGE_LABELS[event.data.to]}`,
        params: { from: event.data.from, to: event.data.to, stage: event.data.to },
      };
    case 'ProspectAssigneeChanged':
      return {
        type: 'PROSPECT_ROLE_CHANGE',
        label: `Réaffectation (${event.data.role}) : ${event.data.from ?? '???'} → ${
          event.data.to ?? '???'
        }`,
        params: { role: event.data.role, from: event.data.from, to: event.data.to },
      };
    default:
      return null;
  }
}

/** Every plain field PUT takes, for the contract. */
export const PROSPECT_UPDATE_FIELDS = [
  ...PROSPECT_PLAIN_FIELDS,
  'currentProgress',
  'notInterested',
  'assignees',
  'rewards',
] as const;
