import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { NotifyProposalBody, notifyProposalSchema } from '@reloc/contracts';
import { DomainError, isObjectId } from '@reloc/domain';
import { actorOf, CurrentUser } from '../auth/current-user';
import { validated } from '../infrastructure/http/validate';
import { UserRow } from '../users/users.read-model';
import { NotifyClientCommand } from './commands/notify-client.handler';

function requireId(id: string, field: string): string {
  if (!isObjectId(id))
    throw new DomainError('Identifiant invalide', 'invalid', { [field]: 'Invalide' });
  return id;
}

/**
 * POST /proposals/lease/{p}/host/{h}/notify (§7): the client is told of a visit (date, time,
 * address), recorded as `ProposalClientNotified` on the proposal's stream. Staff only.
 */
@ApiTags('proposals')
@Controller('proposals')
export class ProposalNotifyController {
  constructor(private readonly commands: CommandBus) {}

  @Post('lease/:projectId/host/:hostId/notify')
  @HttpCode(204)
  async notify(
    @CurrentUser() me: UserRow,
    @Param('projectId') projectId: string,
    @Param('hostId') hostId: string,
    @Body() body: unknown,
  ): Promise<void> {
    requireId(projectId, 'projectId');
    requireId(hostId, 'hostId');
    const visit = validated<NotifyProposalBody>(notifyProposalSchema, body);
    await this.commands.execute(new NotifyClientCommand(actorOf(me), projectId, hostId, visit));
  }
}
