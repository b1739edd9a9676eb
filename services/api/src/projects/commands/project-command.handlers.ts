import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, AppConfig } from '../../config';
import {
  ABANDON_COMMENT_VISIBILITY,
  abandonCommentText,
  API_MESSAGES,
  COMPUTED_FIELDS,
  DomainError,
  estimatedContractualFields,
  newObjectId,
  normaliseEmail,
  Project,
  ProjectCommand,
  projectDecider,
  needsReadiness,
  uniqueValueDecider,
} from '@reloc/domain';
import { Actor, CommandExecutor } from '../../infrastructure/command-executor';
import { SubmitReadinessReader } from '../../documents/submit-readiness';
import { UsersReadModel } from '../../users/users.read-model';
import { ProjectsReadModel } from '../projects.read-model';
import {
  ChangeProjectCommand,
  CreateCustomerCommand,
  DeleteProjectCommand,
  UpdateProjectCommand,
} from './project-commands';
import { addComment } from '../../comments/add-comment';

export const projectStream = (projectId: string) => `project-${projectId}`;

type CommandWithoutBase = ProjectCommand extends infer C
  ? C extends ProjectCommand
    ? Omit<C, 'actor' | 'at'>
    : never
  : never;

/** Runs project commands as one decision (all or nothing) and answers the file as projected. */
async function run(
  executor: CommandExecutor,
  projects: ProjectsReadModel,
  actor: Actor,
  projectId: string,
  commands: CommandWithoutBase[],
): Promise<Project> {
  const current = projects.findById(projectId);
  if (!current) throw new DomainError('Projet introuvable', 'notFound');
  const at = new Date().toISOString();
  await executor.executeAll(
    projectStream(projectId),
    projectDecider,
    commands.map((command) => ({ ...command, actor, at }) as ProjectCommand),
    { actor },
  );
  return projects.findById(projectId) as Project;
}

/** §6: the trigrams of active staff, the only ones a file may be assigned to. */
export function activeStaffOf(users: UsersReadModel): string[] {
  return users.staff().flatMap((user) => (user.trigram ? [user.trigram] : []));
}

@CommandHandler(CreateCustomerCommand)
export class CreateCustomerHandler implements ICommandHandler<CreateCustomerCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly users: UsersReadModel,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ actor, payload }: CreateCustomerCommand): Promise<string> {
    const at = new Date().toISOString();
    // Offline, the contractual estimate is written with the file (see UpdateProjectHandler).
    const estimate = this.config.routesApiKey
      ? null
      : estimatedContractualFields({
          actualCity: (payload.actualCity as string | null | undefined) ?? null,
          fromAddressObject: payload.fromAddressObject ?? null,
          addressWork: (payload.addressWork as string | null | undefined) ?? null,
          addressWorkObject: payload.addressWorkObject ?? null,
        });
    const projectId = newObjectId();
    const email = normaliseEmail(payload.email);
    const claim = `unique-customer-email-${email}`;
    const context = { actor };
    await this.executor.execute(
      claim,
      uniqueValueDecider,
      { type: 'Claim', ownerId: projectId, conflictMessage: API_MESSAGES.duplicateMail },
      context,
    );
    try {
      await this.executor.executeAll(
        projectStream(projectId),
        projectDecider,
        [
          {
            type: 'CreateProject',
            projectId,
            fields: { ...payload, email },
            activeStaff: activeStaffOf(this.users),
            actor,
            at,
          } as ProjectCommand,
          ...(estimate
            ? [{ type: 'RecordSystemFields', changes: estimate, actor, at } as ProjectCommand]
            : []),
        ],
        context,
      );
    } catch (error) {
      await this.executor.execute(
        claim,
        uniqueValueDecider,
        { type: 'Release', ownerId: projectId },
        context,
      );
      throw error;
    }
    return projectId;
  }
}

/** The departure and work address fields the contractual distance is computed from. */
const ADDRESS_FIELDS = ['actualCity', 'fromAddressObject', 'addressWork', 'addressWorkObject'];

@CommandHandler(UpdateProjectCommand)
export class UpdateProjectHandler implements ICommandHandler<UpdateProjectCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly projects: ProjectsReadModel,
    private readonly readiness: SubmitReadinessReader,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Staff fields merge or conflict; computed fields and the final property have their own commands. */
  execute({ actor, projectId, baseRevision, changes }: UpdateProjectCommand): Promise<Project> {
    const computed = new Set<string>(COMPUTED_FIELDS);
    const staff: Record<string, unknown> = {};
    const system: Record<string, unknown> = {};
    let chosenEstate: { hostId: string | null } | null = null;
    for (const [field, value] of Object.entries(changes)) {
      if (field === 'chosenEstate') chosenEstate = { hostId: (value as string | null) ?? null };
      else if (computed.has(field)) system[field] = value;
      else staff[field] = value;
    }
    const commands: CommandWithoutBase[] = [];
    if (Object.keys(staff).length)
      commands.push({ type: 'UpdateFields', changes: staff, baseRevision });
    // Without a maps provider the contractual estimate needs no call: written with the
    // addresses, in the same decision (with one, the distance job writes it; see
    // `contractualPending` in the answer).
    if (!this.config.routesApiKey && ADDRESS_FIELDS.some((field) => field in staff)) {
      const current = this.projects.findById(projectId);
      const estimate = current
        ? estimatedContractualFields({ ...current, ...staff } as Project)
        : null;
      if (estimate) Object.assign(system, estimate);
    }
    if (Object.keys(system).length) commands.push({ type: 'RecordSystemFields', changes: system });
    if (chosenEstate)
      commands.push({
        type: 'ChooseEstate',
        ...chosenEstate,
        proposedHostIds: this.readiness.proposedHosts(projectId),
      });
    return run(this.executor, this.projects, actor, projectId, commands);
  }
}

@CommandHandler(ChangeProjectCommand)
export class ChangeProjectHandler implements ICommandHandler<ChangeProjectCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly projects: ProjectsReadModel,
    private readonly readiness: SubmitReadinessReader,
    private readonly users: UsersReadModel,
  ) {}

  async execute({ actor, projectId, change }: ChangeProjectCommand): Promise<Project> {
    const before = this.projects.findById(projectId);
    const commands: CommandWithoutBase[] = [];
    if (change.currentProgress !== undefined) {
      const current = this.projects.findById(projectId);
      // §5: proposing to signature and submission read the proposals and documents.
      const gated = needsReadiness(change.currentProgress);
      commands.push({
        type: 'ChangeStage',
        stage: change.currentProgress,
        ...(gated && current ? { readiness: this.readiness.of(current) } : {}),
      });
    }
    if (change.assignees) {
      const activeStaff = activeStaffOf(this.users);
      for (const [role, trigram] of Object.entries(change.assignees))
        commands.push({ type: 'AssignRole', role, trigram, activeStaff } as CommandWithoutBase);
    }
    if (change.stopped === true) {
      commands.push({
        type: 'StopProject',
        reason: change.abortMotivation ?? '',
        alertSkipDays: change.alertSkipDays ?? 0,
      });
    }
    if (change.stopped === false) commands.push({ type: 'RestartProject' });
    if (change.tags) commands.push({ type: 'SetTags', tags: change.tags });
    if (change.service) commands.push({ type: 'SetServiceDone', ...change.service });
    if (change.liftAlert) commands.push({ type: 'LiftAlert', ...change.liftAlert });
    if (change.chosenEstate !== undefined)
      commands.push({
        type: 'ChooseEstate',
        hostId: change.chosenEstate,
        proposedHostIds: this.readiness.proposedHosts(projectId),
      });
    if (change.overrideIncome) commands.push({ type: 'OverrideIncome' });
    if (!commands.length) throw new DomainError('Requête invalide', 'invalid');
    const after = await run(this.executor, this.projects, actor, projectId, commands);
    const newlyStopped =
      after.stopped &&
      after.abortMotivation &&
      (!before?.stopped || before.abortMotivation !== after.abortMotivation);
    if (newlyStopped)
      await this.recordMotivation(actor, projectId, after.abortMotivation as string);
    return after;
  }

  /** §4: the motivation of an abandon, as a sales-visible comment on the file. */
  private async recordMotivation(actor: Actor, projectId: string, reason: string): Promise<void> {
    await addComment(this.executor, {
      targetId: projectId,
      content: abandonCommentText(reason),
      visibility: ABANDON_COMMENT_VISIBILITY,
      owner: 'hil',
      actor,
    });
  }
}

@CommandHandler(DeleteProjectCommand)
export class DeleteProjectHandler implements ICommandHandler<DeleteProjectCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly projects: ProjectsReadModel,
  ) {}

  async execute({ actor, projectId }: DeleteProjectCommand): Promise<void> {
    const project = this.projects.findById(projectId);
    if (!project) throw new DomainError('Projet introuvable', 'notFound');
    await run(this.executor, this.projects, actor, projectId, [{ type: 'DeleteProject' }]);
    const email = (project as unknown as { userId?: string }).userId;
    if (email) {
      await this.executor.execute(
        `unique-customer-email-${email}`,
        uniqueValueDecider,
        { type: 'Release', ownerId: projectId },
        { actor },
      );
    }
  }
}

export const PROJECT_COMMAND_HANDLERS = [
  CreateCustomerHandler,
  UpdateProjectHandler,
  ChangeProjectHandler,
  DeleteProjectHandler,
];
