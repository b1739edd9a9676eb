import { Decider } from './decider';
import { DomainError } from './errors';

/**
 * A claim on a unique value (an e-mail, a trigram) kept in its own stream, so two
 * concurrent creations cannot both win: the append's expected revision decides.
 */
export type UniqueValueCommand =
  | { type: 'Claim'; ownerId: string; conflictMessage: string }
  | { type: 'Release'; ownerId: string };

export type UniqueValueEvent =
  | { type: 'UniqueValueClaimed'; data: { ownerId: string } }
  | { type: 'UniqueValueReleased'; data: { ownerId: string } };

export type UniqueValueState = { ownerId: string | null };

export const uniqueValueDecider: Decider<UniqueValueCommand, UniqueValueEvent, UniqueValueState> = {
  initialState: () => ({ ownerId: null }),
  decide(command, state) {
    if (command.type === 'Claim') {
      if (state.ownerId === command.ownerId) return [];
      if (state.ownerId) throw new DomainError(command.conflictMessage, 'invalid');
      return [{ type: 'UniqueValueClaimed', data: { ownerId: command.ownerId } }];
    }
    if (state.ownerId !== command.ownerId) return [];
    return [{ type: 'UniqueValueReleased', data: { ownerId: command.ownerId } }];
  },
  evolve(_state, event) {
    return event.type === 'UniqueValueClaimed'
      ? { ownerId: event.data.ownerId }
      : { ownerId: null };
  },
};
