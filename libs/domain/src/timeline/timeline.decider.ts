import { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import { isAdmin, Role } from '../auth/roles';

/** Entries hidden from a file's timeline (the log itself is never rewritten). */
export type TimelineCommand = { type: 'HideEntry'; entryId: string; actorRole: Role | string };
export type TimelineEvent = { type: 'TimelineEntryHidden'; data: { entryId: string } };
export type TimelineState = { hidden: string[] };

export const timelineDecider: Decider<TimelineCommand, TimelineEvent, TimelineState> = {
  initialState: () => ({ hidden: [] }),
  decide(command, state) {
    if (!isAdmin(command.actorRole as Role))
      throw new DomainError('Réservé aux admins', 'forbidden');
    if (state.hidden.includes(command.entryId)) return [];
    return [{ type: 'TimelineEntryHidden', data: { entryId: command.entryId } }];
  },
  evolve(state, event) {
    return { hidden: [...state.hidden, event.data.entryId] };
  },
};
