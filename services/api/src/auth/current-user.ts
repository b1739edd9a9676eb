import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Actor } from '../infrastructure/command-executor';
import type { UserRow } from '../users/users.read-model';
import type { AuthenticatedRequest } from './auth.guard';

/** The authenticated account, set by the AuthGuard. */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext) => {
  return context.switchToHttp().getRequest<AuthenticatedRequest>().user as UserRow;
});

export function actorOf(user: UserRow): Actor {
  return { id: user.id, trigram: user.trigram, role: user.role };
}

export const SYSTEM_ACTOR: Actor = { id: 'system', trigram: null, role: 'SYSTEM' };
