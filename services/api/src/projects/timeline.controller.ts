import { Controller, Delete, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DomainError, isObjectId, timelineDecider } from '@reloc/domain';
import { actorOf, CurrentUser } from '../auth/current-user';
import { CommandExecutor } from '../infrastructure/command-executor';
import { UserRow } from '../users/users.read-model';
import { ProjectsReadModel } from './projects.read-model';

/** A file's history, projected from its events ('Création' last). */
@ApiTags('timeline')
@Controller('timeline')
export class TimelineController {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly projects: ProjectsReadModel,
  ) {}

  @Get('for/:id')
  list(@Param('id') id: string) {
    if (!isObjectId(id))
      throw new DomainError('Identifiant invalide', 'invalid', { id: 'Invalide' });
    return this.projects.timeline(id);
  }

  @Delete(':id')
  async hide(@CurrentUser() me: UserRow, @Param('id') entryId: string) {
    const target = this.projects.timelineTarget(entryId);
    if (!target) throw new DomainError('Entrée introuvable', 'notFound');
    await this.executor.execute(
      `timeline-${target}`,
      timelineDecider,
      { type: 'HideEntry', entryId, actorRole: me.role },
      { actor: actorOf(me) },
    );
    return { message: 'ok' };
  }
}
