import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError, isStaff, newObjectId, normaliseEmail, userDecider } from '@reloc/domain';
import { CommandExecutor } from '../../infrastructure/command-executor';
import { UserRow, UsersReadModel } from '../users.read-model';
import {
  CreateUserCommand,
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
        at: new Date().toISOString(),
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
  ) {}

  async execute({ actor, email, replaceBy }: DeactivateUserCommand): Promise<void> {
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
        {
          replaceBy: 'Invalide',
        },
      );
    await this.executor.execute(
      userStream(user.id),
      userDecider,
      { type: 'DeactivateUser', replacedBy: replacement.id },
      { actor },
    );
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
