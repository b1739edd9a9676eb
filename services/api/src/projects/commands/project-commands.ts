import type { Actor } from '../../infrastructure/command-executor';
import type { ChangeProjectBody, CreateCustomerBody } from '@reloc/contracts';

/** Project commands, dispatched by the controller on the CommandBus. */
export class CreateCustomerCommand {
  constructor(
    readonly actor: Actor,
    readonly payload: CreateCustomerBody,
  ) {}
}

export class UpdateProjectCommand {
  constructor(
    readonly actor: Actor,
    readonly projectId: string,
    readonly baseRevision: number | undefined,
    readonly changes: Record<string, unknown>,
  ) {}
}

export class ChangeProjectCommand {
  constructor(
    readonly actor: Actor,
    readonly projectId: string,
    readonly change: ChangeProjectBody,
  ) {}
}

export class DeleteProjectCommand {
  constructor(
    readonly actor: Actor,
    readonly projectId: string,
  ) {}
}
