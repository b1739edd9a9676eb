import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import {
  BoardQueryBody,
  boardQuerySchema,
  ChangeProjectBody,
  changeProjectSchema,
  CreateCustomerBody,
  createCustomerSchema,
  UpdateProjectBody,
  updateProjectSchema,
} from '@reloc/contracts';
import {
  activeAlertsAt,
  contractualPending,
  DomainError,
  isObjectId,
  Project,
} from '@reloc/domain';
import { actorOf, CurrentUser } from '../auth/current-user';
import { Roles } from '../auth/roles.decorator';
import { validated } from '../infrastructure/http/validate';
import { UserRow } from '../users/users.read-model';
import {
  ChangeProjectCommand,
  CreateCustomerCommand,
  DeleteProjectCommand,
  UpdateProjectCommand,
} from './commands/project-commands';
import { ProjectsReadModel } from './projects.read-model';

export const BOARD_PAGE_SIZE = 200;

function requireProjectId(id: string): string {
  if (!isObjectId(id)) throw new DomainError('Identifiant invalide', 'invalid', { id: 'Invalide' });
  return id;
}

/** The project as the console reads it: the file plus the revision autosave starts from. */
export function toProjectDto(project: Project) {
  const {
    revision,
    fieldRevisions: _fieldRevisions,
    ...rest
  } = project as Project & {
    fieldRevisions?: unknown;
  };
  // Lifted alerts come back by themselves when their lift expires: computed at read time.
  return {
    ...rest,
    activeAlerts: activeAlertsAt(project, new Date().toISOString()),
    // Both addresses chosen, distance not computed for them yet: the console asks again.
    contractualPending: contractualPending(project),
    _revision: revision,
  };
}

/** Client projects (spec §7 "Projects and customers"). */
@ApiTags('projects')
@Controller()
export class ProjectsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly projects: ProjectsReadModel,
  ) {}

  @Post('leases')
  @HttpCode(200)
  board(@Body() body: unknown) {
    const query = validated<BoardQueryBody>(boardQuerySchema, body);
    return this.projects.board({
      offset: query.offset ?? 0,
      size: query.size ?? BOARD_PAGE_SIZE,
      filter: query.filter ?? 'active',
      year: query.year ?? undefined,
      progress: query.progress,
      search: query.search,
    });
  }

  @Get('lease/tags')
  tags() {
    return this.projects.tags();
  }

  @Get('lease/:id')
  get(@Param('id') id: string) {
    const project = this.projects.findById(requireProjectId(id));
    if (!project) throw new DomainError('Projet introuvable', 'notFound');
    return toProjectDto(project);
  }

  @Get('lease/:id/refresh')
  @Roles('SUPERADMIN')
  refresh(@Param('id') id: string) {
    return this.get(id);
  }

  @Post('lease/:id')
  @HttpCode(200)
  async change(@CurrentUser() me: UserRow, @Param('id') id: string, @Body() body: unknown) {
    const change = validated<ChangeProjectBody>(changeProjectSchema, body);
    const project: Project = await this.commands.execute(
      new ChangeProjectCommand(actorOf(me), requireProjectId(id), change),
    );
    return toProjectDto(project);
  }

  @Put('lease/:id')
  async update(@CurrentUser() me: UserRow, @Param('id') id: string, @Body() body: unknown) {
    const { _revision, ...changes } = validated<UpdateProjectBody>(updateProjectSchema, body);
    const project: Project = await this.commands.execute(
      new UpdateProjectCommand(actorOf(me), requireProjectId(id), _revision, changes),
    );
    return toProjectDto(project);
  }

  @Delete('lease/:id')
  @Roles('SUPERADMIN')
  async remove(@CurrentUser() me: UserRow, @Param('id') id: string) {
    await this.commands.execute(new DeleteProjectCommand(actorOf(me), requireProjectId(id)));
    return { message: 'ok' };
  }

  @Post('customer')
  async create(@CurrentUser() me: UserRow, @Body() body: unknown) {
    const payload = validated<CreateCustomerBody>(createCustomerSchema, body);
    const projectId: string = await this.commands.execute(
      new CreateCustomerCommand(actorOf(me), payload),
    );
    return { _id: projectId };
  }
}
