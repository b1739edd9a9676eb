import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { API_MESSAGES, DomainError, Role, STAFF_ROLES } from '@reloc/domain';
import { UserRow } from '../users/users.read-model';
import { PUBLIC_KEY, ROLES_KEY } from './roles.decorator';
import { SessionService } from './session.service';
import { bearerToken } from './token.service';

export type AuthenticatedRequest = Request & { user?: UserRow };

/**
 * Every route is closed unless marked @Public(): a valid, unexpired access token of an open
 * session of an existing, active account, whose role is allowed (staff by default, so a USER
 * is refused).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const user = this.sessions.authenticate(bearerToken(request.headers.authorization));
    const roles = this.reflector.getAllAndOverride<Role[]>(ROLES_KEY, targets) ?? STAFF_ROLES;
    if (!roles.includes(user.role)) throw new DomainError(API_MESSAGES.forbidden, 'forbidden');
    request.user = user;
    return true;
  }
}
