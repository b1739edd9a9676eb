import { Decider, DomainEvent, fold } from '../shared/decider';

/** Given past events, when a command, then new events or an error (after Emmett). */
export function deciderSpec<Command, Event extends DomainEvent, State>(
  decider: Decider<Command, Event, State>,
) {
  return {
    given(events: Event[]) {
      const state = fold(decider, events);
      return {
        when(command: Command) {
          const run = () => decider.decide(command, state);
          return {
            then(expected: Event[]) {
              expect(run()).toEqual(expected);
            },
            thenNothing() {
              expect(run()).toEqual([]);
            },
            thenThrows(message: string, kind?: string) {
              let caught: unknown;
              try {
                run();
              } catch (error) {
                caught = error;
              }
              expect(caught).toMatchObject(kind ? { message, kind } : { message });
            },
          };
        },
      };
    },
  };
}
