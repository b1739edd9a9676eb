import { Injectable } from '@nestjs/common';
import { DomainError, LOGIN_MESSAGES, normaliseEmail } from '@reloc/domain';
import { UserRow, UsersReadModel } from '../users/users.read-model';
import { LoginRateLimiter } from './login-rate-limiter';
import { checkPassword } from './password';
import { SessionService } from './session.service';
import { unauthorized } from './token.service';

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersReadModel,
    private readonly sessions: SessionService,
    private readonly limiter: LoginRateLimiter,
  ) {}

  /** The account of a right e-mail and password (rate limited), or 401 'Invalid credentials'. */
  async checkCredentials(rawEmail: string, password: string, address: string): Promise<UserRow> {
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
    return user;
  }

  /** Who is calling, for status.json: null when anonymous; 'Expired token' if asked to. */
  whoIs(token: string | null, options: { rejectExpired?: boolean } = {}): UserRow | null {
    if (!token) return null;
    try {
      return this.sessions.authenticate(token);
    } catch (error) {
      if (
        options.rejectExpired &&
        error instanceof DomainError &&
        error.message === unauthorized('expired').message
      )
        throw error;
      if (error instanceof DomainError) return null;
      throw error;
    }
  }
}
