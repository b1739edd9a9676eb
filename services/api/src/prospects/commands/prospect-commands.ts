import type { Actor } from '../../infrastructure/command-executor';

/** Prospect commands, dispatched by the controller on the CommandBus. */
export class CreateProspectCommand {
  constructor(
    readonly actor: Actor,
    readonly name: string,
    readonly sale: string | null,
  ) {}
}

export class UpdateProspectCommand {
  constructor(
    readonly actor: Actor,
    readonly prospectId: string,
    readonly baseRevision: number | undefined,
    readonly changes: Record<string, unknown>,
  ) {}
}

export class AttachProspectFileCommand {
  constructor(
    readonly actor: Actor,
    readonly prospectId: string,
    readonly fileId: string,
  ) {}
}

export class RemoveProspectFileCommand {
  constructor(
    readonly actor: Actor,
    readonly prospectId: string,
    readonly fileId: string,
  ) {}
}

export class DeleteProspectCommand {
  constructor(
    readonly actor: Actor,
    readonly prospectId: string,
  ) {}
}

/** A follow of the company link (public): counted on the prospect for the monthly chart. */
export class RecordProspectClickCommand {
  constructor(readonly prospectId: string) {}
}
