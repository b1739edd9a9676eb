import type { Role, RewardsPatch } from '@reloc/domain';
import type { Actor } from '../../infrastructure/command-executor';

/** Staff and users commands, dispatched by the controller on the CommandBus. */
export class CreateUserCommand {
  constructor(
    readonly actor: Actor,
    readonly input: {
      email: string;
      firstName: string;
      lastName: string;
      role: Role;
      trigram?: string | null;
      passwordHash?: string;
      /** The demo seed backdates its staff (so their dashboards have a history); else now. */
      createdAt?: string;
    },
  ) {}
}

export class UpdateUserCommand {
  constructor(
    readonly actor: Actor,
    readonly email: string,
    readonly changes: {
      firstName?: string;
      lastName?: string;
      role?: Role;
      trigram?: string | null;
      version?: 1 | 2;
      rewards?: RewardsPatch;
    },
  ) {}
}

export class DeleteUserCommand {
  constructor(
    readonly actor: Actor,
    readonly email: string,
  ) {}
}

export class DeactivateUserCommand {
  constructor(
    readonly actor: Actor,
    readonly email: string,
    readonly replaceBy: string,
  ) {}
}

/** What a deactivation did: the replacement's trigram and how many files it handed over. */
export type DeactivationResult = { replacedBy: string; files: number };

export class SetPasswordCommand {
  constructor(
    readonly actor: Actor,
    readonly userId: string,
    readonly passwordHash: string,
  ) {}
}
