import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import {
  DomainError,
  handoverOf,
  isStaff,
  newObjectId,
  normaliseEmail,
  ProjectCommand,
  projectDecider,
  PROSPECT_ROLES,
  prospectDecider,
  userDecider,
} from '@reloc/domain';
import { CommandContext, CommandExecutor } from '../../infrastructure/command-executor';
import { PROJECT_STAFF_ROLES, StaffFilesReadModel } from '../staff-files.read-model';
import { UserRow, UsersReadModel } from '../users.read-model';
import {
  CreateUserCommand,
  DeactivationResult,
  DeactivateUserCommand,
  DeleteUserCommand,
  SetPasswordCommand,
  UpdateUserCommand,
} from './user-commands';
import { UniqueClaims, userStream } from './user-streams';

function requireByEmail(users: UsersReadModel, email: string): UserRow {
  const user = users.findByEmail(normaliseEmail(email));
  if (!user) throw new DomainError('Utilisateur introuvable', 'notFound');
  return user;
}

@CommandHandler(CreateUserCommand)
export class CreateUserHandler implements ICommandHandler<CreateUserCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly claims: UniqueClaims,
    private readonly users: UsersReadModel,
  ) {}

  async execute({ actor, input }: CreateUserCommand): Promise<UserRow> {
    const context = { actor };
    const userId = newObjectId();
    const email = normaliseEmail(input.email);
    await this.claims.claimEmail(email, userId, context);
    try {
      if (input.trigram) await this.claims.claimTrigram(input.trigram, userId, context);
    } catch (error) {
      await this.claims.releaseEmail(email, userId, context);
      throw error;
    }
    await this.executor.execute(
      userStream(userId),
      userDecider,
      {
        type: 'CreateUser',
        userId,
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        trigram: input.trigram ?? null,
        at: input.createdAt ?? new Date().toISOString(),
      },
      context,
    );
    if (input.passwordHash) {
      await this.executor.execute(
        userStream(userId),
        userDecider,
        { type: 'SetPassword', passwordHash: input.passwordHash },
        context,
      );
    }
    return this.users.findById(userId) as UserRow;
  }
}

@CommandHandler(UpdateUserCommand)
export class UpdateUserHandler implements ICommandHandler<UpdateUserCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly claims: UniqueClaims,
    private readonly users: UsersReadModel,
  ) {}

  async execute({ actor, email, changes }: UpdateUserCommand): Promise<UserRow> {
    const context = { actor };
    const user = requireByEmail(this.users, email);
    const newTrigram = changes.trigram !== undefined && changes.trigram !== user.trigram;
    if (newTrigram && changes.trigram)
      await this.claims.claimTrigram(changes.trigram, user.id, context);
    try {
      await this.executor.execute(
        userStream(user.id),
        userDecider,
        { type: 'UpdateUser', changes },
        context,
      );
    } catch (error) {
      if (newTrigram && changes.trigram)
        await this.claims.releaseTrigram(changes.trigram, user.id, context);
      throw error;
    }
    if (newTrigram && user.trigram)
      await this.claims.releaseTrigram(user.trigram, user.id, context);
    return this.users.findById(user.id) as UserRow;
  }
}

@CommandHandler(DeleteUserCommand)
export class DeleteUserHandler implements ICommandHandler<DeleteUserCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly claims: UniqueClaims,
    private readonly users: UsersReadModel,
  ) {}

  async execute({ actor, email }: DeleteUserCommand): Promise<void> {
    const context = { actor };
    const user = requireByEmail(this.users, email);
    if (user.id === actor.id)
      throw new DomainError('Vous ne pouvez pas supprimer votre propre compte', 'invalid');
    await this.executor.execute(userStream(user.id), userDecider, { type: 'DeleteUser' }, context);
    await this.claims.releaseEmail(user.email, user.id, context);
    if (user.trigram) await this.claims.releaseTrigram(user.trigram, user.id, context);
  }
}

@CommandHandler(DeactivateUserCommand)
export class DeactivateUserHandler implements ICommandHandler<DeactivateUserCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly users: UsersReadModel,
    private readonly files: StaffFilesReadModel,
  ) {}

  /**
   * §4 "Users": the member's files go to the replacement, each as an assignment on the file
   * (so its history shows it), then the account is deactivated. Everything is checked before
   * the first write; the hand-over runs again after the deactivation for a file assigned
   * meanwhile. A failure leaves the account active: running it again finishes the work.
   */
  async execute({ actor, email, replaceBy }: DeactivateUserCommand): Promise<DeactivationResult> {
    const user = requireByEmail(this.users, email);
    const key = replaceBy.trim();
    const replacement =
      this.users.findByEmail(normaliseEmail(key)) ??
      (/^[A-Z]{3}$/.test(key) ? this.users.findByTrigram(key) : null) ??
      this.users.findById(key);
    if (
      !replacement ||
      replacement.isDeactivated ||
      !isStaff(replacement.role) ||
      !replacement.trigram
    )
      throw new DomainError(
        'Le remplaçant doit être un membre actif de l’équipe ayant un trigramme',
        'invalid',
        { replaceBy: 'Invalide' },
      );
    const deactivate = { type: 'DeactivateUser' as const, replacedBy: replacement.id };
    const { state } = await this.executor.load(userStream(user.id), userDecider);
    userDecider.decide(deactivate, state); // refused roles and repeats: before any hand-over
    const context = { actor, correlationId: randomUUID() };
    let moved = 0;
    if (user.trigram) moved += await this.handOver(user.trigram, replacement.trigram, context);
    await this.executor.execute(userStream(user.id), userDecider, deactivate, context);
    if (user.trigram) moved += await this.handOver(user.trigram, replacement.trigram, context);
    return { replacedBy: replacement.trigram, files: moved };
  }

  private async handOver(from: string, to: string, context: CommandContext): Promise<number> {
    const at = new Date().toISOString();
    let moved = 0;
    for (const file of this.files.projectsOf(from)) {
      const changes = handoverOf(file.assignees, from, to, PROJECT_STAFF_ROLES);
      if (!changes.length) continue;
      await this.executor.executeAll(
        `project-${file._id}`,
        projectDecider,
        changes.map(
          ({ role }) =>
            ({
              type: 'AssignRole',
              role,
              trigram: to,
              // The replacement was checked above: an active staff member with a trigram.
              activeStaff: [to],
              actor: context.actor,
              at,
            }) as ProjectCommand,
        ),
        context,
      );
      moved++;
    }
    for (const file of this.files.prospectsOf(from)) {
      const changes = handoverOf(file.assignees, from, to, PROSPECT_ROLES);
      if (!changes.length) continue;
      const stream = `prospect-${file._id}`;
      const { state } = await this.executor.load(stream, prospectDecider);
      await this.executor.execute(
        stream,
        prospectDecider,
        {
          type: 'UpdateProspect',
          prospectId: file._id,
          at,
          actor: context.actor,
          baseRevision: state.revision,
          changes: { assignees: Object.fromEntries(changes.map(({ role }) => [role, to])) },
        },
        context,
      );
      moved++;
    }
    return moved;
  }
}

@CommandHandler(SetPasswordCommand)
export class SetPasswordHandler implements ICommandHandler<SetPasswordCommand> {
  constructor(private readonly executor: CommandExecutor) {}

  async execute({ actor, userId, passwordHash }: SetPasswordCommand): Promise<void> {
    await this.executor.execute(
      userStream(userId),
      userDecider,
      { type: 'SetPassword', passwordHash },
      { actor },
    );
  }
}

export const USER_COMMAND_HANDLERS = [
  CreateUserHandler,
  UpdateUserHandler,
  DeleteUserHandler,
  DeactivateUserHandler,
  SetPasswordHandler,
];
