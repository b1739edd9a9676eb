import { Body, Controller, Get, Param, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { createProposalSchema, UpdateProposalBody, updateProposalSchema } from '@reloc/contracts';
import { DomainError, isObjectId, Proposal, proposalPosition } from '@reloc/domain';
import { actorOf, CurrentUser } from '../auth/current-user';
import { validated } from '../infrastructure/http/validate';
import { HostsReadModel } from '../hosts/hosts.read-model';
import { toHostDto } from '../hosts/hosts.controller';
import { ProjectsReadModel } from '../projects/projects.read-model';
import { UserRow } from '../users/users.read-model';
import { ProposeCommand, UpdateProposalCommand } from './commands/proposal-commands';
import { ProposalsReadModel } from './proposals.read-model';

function requireId(id: string, field = 'id'): string {
  if (!isObjectId(id))
    throw new DomainError('Identifiant invalide', 'invalid', { [field]: 'Invalide' });
  return id;
}

/** The proposal as the console reads it: its fields and its effective position. */
export function toProposalDto(proposal: Proposal) {
  const { revision: _revision, ...fields } = proposal;
  return { ...fields, position: proposalPosition(proposal) };
}

/** Proposals of a file's properties (spec §7 "Proposals and hosts"); staff only (global guard). */
@ApiTags('proposals')
@Controller('proposals')
export class ProposalsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly proposals: ProposalsReadModel,
    private readonly hosts: HostsReadModel,
    private readonly projects: ProjectsReadModel,
  ) {}

  private withHost(proposal: Proposal) {
    const host = this.hosts.findById(proposal.idSell);
    return { ...toProposalDto(proposal), _host: host ? toHostDto(host) : null };
  }

  /** A file's proposals with their host, by position then proposed date. */
  @Get('lease/:id')
  byLease(@Param('id') id: string) {
    return this.proposals.byProject(requireId(id)).map((proposal) => this.withHost(proposal));
  }

  /** A host's proposals with the file they were proposed to. */
  @Get('host/:id')
  byHost(@Param('id') id: string) {
    return this.proposals.byHost(requireId(id)).map((proposal) => {
      const project = this.projects.findById(proposal.idBuy);
      const _lease = project
        ? {
            _id: project._id,
            userId: project.userId,
            firstName: project.firstName,
            lastName: project.lastName,
          }
        : null;
      return { ...toProposalDto(proposal), _lease };
    });
  }

  @Post('lease/:projectId/host/:hostId')
  async propose(
    @CurrentUser() me: UserRow,
    @Param('projectId') projectId: string,
    @Param('hostId') hostId: string,
    @Body() body: unknown,
  ) {
    requireId(projectId, 'projectId');
    requireId(hostId, 'hostId');
    validated(createProposalSchema, body);
    const proposal: Proposal = await this.commands.execute(
      new ProposeCommand(actorOf(me), projectId, hostId),
    );
    return this.withHost(proposal);
  }

  @Put('lease/:projectId/host/:hostId')
  async update(
    @CurrentUser() me: UserRow,
    @Param('projectId') projectId: string,
    @Param('hostId') hostId: string,
    @Body() body: unknown,
  ) {
    requireId(projectId, 'projectId');
    requireId(hostId, 'hostId');
    const changes = validated<UpdateProposalBody>(updateProposalSchema, body);
    const proposal: Proposal = await this.commands.execute(
      new UpdateProposalCommand(actorOf(me), projectId, hostId, changes),
    );
    return this.withHost(proposal);
  }
}
