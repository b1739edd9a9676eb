import type { Actor } from '../../infrastructure/command-executor';

/** Host commands, dispatched by the controller on the CommandBus. */
export class CreateHostCommand {
  constructor(readonly actor: Actor) {}
}

export class UpdateHostCommand {
  constructor(
    readonly actor: Actor,
    readonly hostId: string,
    readonly changes: Record<string, unknown>,
  ) {}
}
