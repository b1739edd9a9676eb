import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError, Host, HOST_MESSAGES, hostDecider, newObjectId } from '@reloc/domain';
import { CommandExecutor } from '../../infrastructure/command-executor';
import { HostsReadModel } from '../hosts.read-model';
import { CreateHostCommand, UpdateHostCommand } from './host-commands';

export const hostStream = (hostId: string) => `host-${hostId}`;

/** POST /hosts: an empty host whose id carries its creation date; answers the id. */
@CommandHandler(CreateHostCommand)
export class CreateHostHandler implements ICommandHandler<CreateHostCommand> {
  constructor(private readonly executor: CommandExecutor) {}

  async execute({ actor }: CreateHostCommand): Promise<string> {
    const hostId = newObjectId();
    await this.executor.execute(
      hostStream(hostId),
      hostDecider,
      { type: 'CreateHost', hostId, at: new Date().toISOString() },
      { actor },
    );
    return hostId;
  }
}

/** PUT /hosts/{id}: the decider ignores server-owned keys and applies the §5 rules. */
@CommandHandler(UpdateHostCommand)
export class UpdateHostHandler implements ICommandHandler<UpdateHostCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly hosts: HostsReadModel,
  ) {}

  async execute({ actor, hostId, changes }: UpdateHostCommand): Promise<Host> {
    await this.executor.execute(
      hostStream(hostId),
      hostDecider,
      { type: 'UpdateHost', hostId, at: new Date().toISOString(), changes },
      { actor },
    );
    const host = this.hosts.findById(hostId);
    if (!host) throw new DomainError(HOST_MESSAGES.notFound, 'notFound');
    return host;
  }
}

export const HOST_COMMAND_HANDLERS = [CreateHostHandler, UpdateHostHandler];
