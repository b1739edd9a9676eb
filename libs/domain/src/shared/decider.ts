/** A decider holds a whole business rule: pure, no I/O (after Emmett's `Decider`). */
export type DomainEvent<Type extends string = string, Data = Record<string, unknown>> = {
  type: Type;
  data: Data;
};

export type Decider<Command, Event extends DomainEvent, State> = {
  initialState: () => State;
  decide: (command: Command, state: State) => Event[];
  evolve: (state: State, event: Event) => State;
};

/** Folds past events into the state a decider reasons about. */
export function fold<Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}
