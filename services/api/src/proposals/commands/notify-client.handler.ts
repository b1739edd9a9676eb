import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError, proposalDecider, PROPOSAL_MESSAGES } from '@reloc/domain';
import type { Actor } from '../../infrastructure/command-executor';
import { CommandExecutor } from '../../infrastructure/command-executor';
import { proposalStream } from './proposal-command.handlers';

export class NotifyClientCommand {
  constructor(
    readonly actor: Actor,
    readonly projectId: string,
    readonly hostId: string,
    readonly visit: { date: string; time: string; address: string },
  ) {}
}

/** POST .../notify: the pair must have a proposal (404); the decider checks the visit. */
@CommandHandler(NotifyClientCommand)
export class NotifyClientHandler implements ICommandHandler<NotifyClientCommand> {
  constructor(private readonly executor: CommandExecutor) {}

  async execute({ actor, projectId, hostId, visit }: NotifyClientCommand): Promise<void> {
    const stream = proposalStream(projectId, hostId);
    const { state } = await this.executor.load(stream, proposalDecider);
    if (state.revision < 0) throw new DomainError(PROPOSAL_MESSAGES.notFound, 'notFound');
    await this.executor.execute(
      stream,
      proposalDecider,
      { type: 'NotifyClient', proposalId: state._id, ...visit, at: new Date().toISOString() },
      { actor },
    );
  }
}
