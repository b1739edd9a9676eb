import type { UpdateProposalBody } from '@reloc/contracts';
import type { Actor } from '../../infrastructure/command-executor';

/** Proposal commands, dispatched by the controller on the CommandBus. */
export class ProposeCommand {
  constructor(
    readonly actor: Actor,
    readonly projectId: string,
    readonly hostId: string,
  ) {}
}

export class UpdateProposalCommand {
  constructor(
    readonly actor: Actor,
    readonly projectId: string,
    readonly hostId: string,
    readonly body: UpdateProposalBody,
  ) {}
}
