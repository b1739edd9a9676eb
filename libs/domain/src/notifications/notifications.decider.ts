import { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import { isObjectId } from '../shared/ids';

/**
 * What one staff member has seen (`notifications-<userId>` streams): the notifications marked
 * read, and the prospects opened (the board's flame). Facts, so a rebuild keeps them.
 */
export type SeenState = { userId: string | null; seen: Record<string, true> };

export const MAX_SEEN_PER_COMMAND = 1000;

export type MarkNotificationsSeen = {
  type: 'MarkNotificationsSeen';
  userId: string;
  ids: string[];
  at: string;
};
export type RecordProspectSeen = {
  type: 'RecordProspectSeen';
  userId: string;
  prospectId: string;
  at: string;
};
export type SeenCommand = MarkNotificationsSeen | RecordProspectSeen;

export type NotificationsSeen = {
  type: 'NotificationsSeen';
  data: { userId: string; ids: string[]; at: string };
};
export type ProspectSeen = {
  type: 'ProspectSeen';
  data: { userId: string; prospectId: string; at: string };
};
export type SeenEvent = NotificationsSeen | ProspectSeen;

const invalid = (field: string) =>
  new DomainError('Requête invalide', 'invalid', { [field]: 'Invalide' });

export function decideSeen(command: SeenCommand, state: SeenState): SeenEvent[] {
  if (!isObjectId(command.userId)) throw invalid('userId');
  if (state.userId && state.userId !== command.userId) throw invalid('userId');
  if (command.type === 'RecordProspectSeen') {
    if (!isObjectId(command.prospectId)) throw invalid('prospectId');
    return [
      {
        type: 'ProspectSeen',
        data: { userId: command.userId, prospectId: command.prospectId, at: command.at },
      },
    ];
  }
  if (command.ids.length > MAX_SEEN_PER_COMMAND || !command.ids.every(isObjectId))
    throw invalid('ids');
  // Already read: nothing new to record (the call is idempotent).
  const ids = [...new Set(command.ids)].filter((id) => !state.seen[id]);
  if (!ids.length) return [];
  return [{ type: 'NotificationsSeen', data: { userId: command.userId, ids, at: command.at } }];
}

export function evolveSeen(state: SeenState, event: SeenEvent): SeenState {
  if (event.type === 'ProspectSeen') return { ...state, userId: event.data.userId };
  const seen = { ...state.seen };
  for (const id of event.data.ids) seen[id] = true;
  return { userId: event.data.userId, seen };
}

export const seenDecider: Decider<SeenCommand, SeenEvent, SeenState> = {
  initialState: () => ({ userId: null, seen: {} }),
  decide: decideSeen,
  evolve: evolveSeen,
};

export const seenStream = (userId: string) => `notifications-${userId}`;
