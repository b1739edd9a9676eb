import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { HostsModule } from '../hosts/hosts.module';
import { ProjectsModule } from '../projects/projects.module';
import { PROPOSAL_COMMAND_HANDLERS } from './commands/proposal-command.handlers';
import { ProposalsController } from './proposals.controller';
import { ProposalsReadModel } from './proposals.read-model';

@Module({
  imports: [CqrsModule, HostsModule, ProjectsModule],
  controllers: [ProposalsController],
  providers: [ProposalsReadModel, ...PROPOSAL_COMMAND_HANDLERS],
  exports: [ProposalsReadModel],
})
export class ProposalsModule {}
