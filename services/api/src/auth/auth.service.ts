import { Injectable } from '@nestjs/common';
import { DomainError, LOGIN_MESSAGES, normaliseEmail } from '@reloc/domain';
import { UsersReadModel } from '../users/users.read-model';
import { LoginRateLimiter } from './login-rate-limiter';
import { checkPassword } from './password';
import { TokenError, TokenService, unauthorized } from './token.service';

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersReadModel,
    private readonly tokens: TokenService,
    private readonly limiter: LoginRateLimiter,
  ) {}

  async login(rawEmail: string, password: string, address: string): Promise<string> {
    const email = normaliseEmail(rawEmail);
    if (this.limiter.isBlocked(email, address))
      throw new DomainError(LOGIN_MESSAGES.tooManyAttempts, 'tooMany');
    const user = this.users.findByEmail(email);
    const ok = await checkPassword(password, user?.passwordHash ?? null);
    if (!user || !ok || user.isDeactivated) {
      this.limiter.recordFailure(email, address);
      throw unauthorized('invalid');
    }
    this.limiter.recordSuccess(email);
    return this.tokens.issue(user.id, user.role);
  }

  /** A new token for a still valid (possibly expired) one, if the account is still active. */
  refresh(token: string | null): string {
    if (!token) throw unauthorized('invalid');
    try {
      const claims = this.tokens.verify(token, { allowExpired: true });
      const user = this.users.findById(claims.sub);
      if (!user || user.isDeactivated) throw unauthorized('invalid');
      return this.tokens.issue(user.id, user.role);
    } catch (error) {
      if (error instanceof TokenError) throw unauthorized('invalid');
      throw error;
    }
  }

  /** Who is calling, for status.json: null when anonymous; 'Expired token' if asked to. */
  whoIs(token: string | null, options: { rejectExpired?: boolean } = {}) {
    if (!token) return null;
    try {
      const claims = this.tokens.verify(token);
      const user = this.users.findById(claims.sub);
      return user && !user.isDeactivated ? user : null;
    } catch (error) {
      if (options.rejectExpired && error instanceof TokenError && error.reason === 'expired')
        throw unauthorized('expired');
      return null;
    }
  }
}
