import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { HostsModule } from '../hosts/hosts.module';
import { ProjectsModule } from '../projects/projects.module';
import { PROPOSAL_COMMAND_HANDLERS } from './commands/proposal-command.handlers';
import { ProposalsController } from './proposals.controller';
import { ProposalNotifyController } from './proposal-notify.controller';
import { NotifyClientHandler } from './commands/notify-client.handler';
import { ProposalsReadModel } from './proposals.read-model';

@Module({
  imports: [CqrsModule, HostsModule, ProjectsModule],
  controllers: [ProposalsController, ProposalNotifyController],
  providers: [ProposalsReadModel, ...PROPOSAL_COMMAND_HANDLERS, NotifyClientHandler],
  exports: [ProposalsReadModel],
})
export class ProposalsModule {}
