import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { HOST_COMMAND_HANDLERS } from './commands/host-command.handlers';
import { HostsController } from './hosts.controller';
import { HostsReadModel } from './hosts.read-model';

@Module({
  imports: [CqrsModule],
  controllers: [HostsController],
  providers: [HostsReadModel, ...HOST_COMMAND_HANDLERS],
  exports: [HostsReadModel],
})
export class HostsModule {}
