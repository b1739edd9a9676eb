import { isStaff, Role } from '../auth/roles';
import { MESSAGES } from '../rules/messages';
import { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import { dateFromObjectId } from '../shared/ids';
import {
  Announcement,
  ANNOUNCEMENT_FIELDS,
  ANNOUNCEMENT_MESSAGES,
  AnnouncementFields,
  AnnouncementStatus,
  emptyAnnouncementFields,
  isAnnouncementStatus,
  validateAnnouncement,
} from './announcement';
import { announcementStatusRefusal, conversionRefusal } from './announcement-status';

export type AnnouncementActor = { id: string; role: Role | string; trigram: string | null };
type By = { id: string; trigram: string | null };
type Base = { actor: AnnouncementActor; at: string };

export const ANNOUNCEMENT_REASON_MAX_LENGTH = 1000;

export type AnnouncementCommand =
  | (Base & {
      type: 'CreateAnnouncement';
      announcementId: string;
      fields: Partial<AnnouncementFields>;
      status?: AnnouncementStatus;
    })
  /** Changed fields only; a status change to 'stopped' needs its reason. */
  | (Base & {
      type: 'UpdateAnnouncement';
      changes: Partial<AnnouncementFields>;
      currentProgress?: string;
      stopReason?: string | null;
    })
  | (Base & { type: 'MarkAnnouncementSeen' })
  | (Base & { type: 'LinkAnnouncementProject'; projectId: string });

export type AnnouncementEvent =
  | {
      type: 'AnnouncementCreated';
      data: {
        announcementId: string;
        fields: AnnouncementFields;
        currentProgress: AnnouncementStatus;
        createdAt: string;
        by: By;
      };
    }
  | {
      type: 'AnnouncementUpdated';
      data: {
        announcementId: string;
        changes: Partial<AnnouncementFields>;
        /** Present when the status changes. */
        status?: { from: AnnouncementStatus; to: AnnouncementStatus; reason: string | null };
        at: string;
        by: By;
      };
    }
  | { type: 'AnnouncementSeen'; data: { announcementId: string; at: string; by: By } }
  | {
      type: 'AnnouncementConverted';
      data: { announcementId: string; projectId: string; at: string; by: By };
    };

export type AnnouncementState = Announcement | null;

const by = (actor: AnnouncementActor): By => ({ id: actor.id, trigram: actor.trigram });

function requireStaffActor(actor: AnnouncementActor): void {
  if (!isStaff(actor.role as Role)) throw new DomainError('Accès refusé', 'forbidden');
}

function invalid(errors: Record<string, string>): void {
  if (Object.keys(errors).length)
    throw new DomainError(ANNOUNCEMENT_MESSAGES.invalidRequest, 'invalid', errors);
}

/** A status rule's refusal: 400 with the reason, on the status field. */
function refuseStatus(reason: string | null): void {
  if (reason) throw new DomainError(reason, 'invalid', { currentProgress: reason });
}

function clean(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text ? text : null;
}

function cleanFields(fields: Partial<AnnouncementFields>): Partial<AnnouncementFields> {
  const out: Partial<AnnouncementFields> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (!(ANNOUNCEMENT_FIELDS as readonly string[]).includes(key)) continue;
    let text = clean(value);
    if (key === 'contactEmail' && text) text = text.toLowerCase();
    if (key === 'saleTrigram' && text) text = text.toUpperCase();
    out[key as keyof AnnouncementFields] = text;
  }
  return out;
}

function requireAnnouncement(state: AnnouncementState): Announcement {
  if (!state) throw new DomainError(ANNOUNCEMENT_MESSAGES.notFound, 'notFound');
  return state;
}

/** §4 "Announcement statuses", §5 "Announcements": one `announcement-<id>` stream. */
export function decideAnnouncement(
  command: AnnouncementCommand,
  state: AnnouncementState,
): AnnouncementEvent[] {
  requireStaffActor(command.actor);
  switch (command.type) {
    case 'CreateAnnouncement': {
      if (state) throw new DomainError(ANNOUNCEMENT_MESSAGES.alreadyExists, 'conflict');
      refuseStatus(
        announcementStatusRefusal(
          { currentProgress: 'prospect', projectId: null },
          command.status ?? 'prospect',
        ),
      );
      const fields = { ...emptyAnnouncementFields(), ...cleanFields(command.fields) };
      invalid(validateAnnouncement(fields));
      return [
        {
          type: 'AnnouncementCreated',
          data: {
            announcementId: command.announcementId,
            fields,
            currentProgress: command.status ?? 'prospect',
            createdAt: command.at,
            by: by(command.actor),
          },
        },
      ];
    }
    case 'UpdateAnnouncement': {
      const current = requireAnnouncement(state);
      const cleaned = cleanFields(command.changes);
      const changes = Object.fromEntries(
        Object.entries(cleaned).filter(
          ([key, value]) => current[key as keyof AnnouncementFields] !== value,
        ),
      ) as Partial<AnnouncementFields>;
      const merged = { ...current, ...changes };
      const fieldErrors = validateAnnouncement(merged);
      const errors: Record<string, string> = Object.fromEntries(
        Object.entries(fieldErrors).filter(([key]) => key in changes),
      );
      let status:
        { from: AnnouncementStatus; to: AnnouncementStatus; reason: string | null } | undefined;
      const wanted = command.currentProgress;
      if (wanted !== undefined && !isAnnouncementStatus(wanted))
        errors.currentProgress = MESSAGES.invalid;
      else if (wanted !== undefined && wanted !== current.currentProgress) {
        refuseStatus(announcementStatusRefusal(current, wanted));
        const reason = clean(command.stopReason);
        if (wanted === 'stopped' && !reason)
          errors.stopReason = ANNOUNCEMENT_MESSAGES.reasonRequired;
        else if (reason && reason.length > ANNOUNCEMENT_REASON_MAX_LENGTH)
          errors.stopReason = MESSAGES.maxLength(ANNOUNCEMENT_REASON_MAX_LENGTH);
        else
          status = {
            from: current.currentProgress,
            to: wanted,
            reason: wanted === 'stopped' ? reason : null,
          };
      }
      invalid(errors);
      if (!Object.keys(changes).length && !status) return [];
      return [
        {
          type: 'AnnouncementUpdated',
          data: {
            announcementId: current._id,
            changes,
            ...(status ? { status } : {}),
            at: command.at,
            by: by(command.actor),
          },
        },
      ];
    }
    case 'MarkAnnouncementSeen': {
      const current = requireAnnouncement(state);
      return [
        {
          type: 'AnnouncementSeen',
          data: { announcementId: current._id, at: command.at, by: by(command.actor) },
        },
      ];
    }
    case 'LinkAnnouncementProject': {
      const current = requireAnnouncement(state);
      // Converted once: a second conversion keeps the first client file.
      if (current.projectId) return [];
      refuseStatus(conversionRefusal(current));
      return [
        {
          type: 'AnnouncementConverted',
          data: {
            announcementId: current._id,
            projectId: command.projectId,
            at: command.at,
            by: by(command.actor),
          },
        },
      ];
    }
  }
}

export function evolveAnnouncement(
  state: AnnouncementState,
  event: AnnouncementEvent,
): AnnouncementState {
  switch (event.type) {
    case 'AnnouncementCreated': {
      const d = event.data;
      let createdAt = d.createdAt;
      try {
        createdAt = dateFromObjectId(d.announcementId).toISOString();
      } catch {
        // keep the recorded date
      }
      return {
        _id: d.announcementId,
        ...d.fields,
        currentProgress: d.currentProgress,
        stopReason: null,
        projectId: null,
        createdAt,
      };
    }
    case 'AnnouncementUpdated': {
      if (!state) return state;
      const { changes, status } = event.data;
      return {
        ...state,
        ...changes,
        ...(status ? { currentProgress: status.to, stopReason: status.reason } : {}),
      };
    }
    case 'AnnouncementConverted':
      return state && { ...state, projectId: event.data.projectId, currentProgress: 'ok' };
    case 'AnnouncementSeen':
      return state;
  }
}

export const announcementDecider: Decider<
  AnnouncementCommand,
  AnnouncementEvent,
  AnnouncementState
> = {
  initialState: () => null,
  decide: decideAnnouncement,
  evolve: evolveAnnouncement,
};
