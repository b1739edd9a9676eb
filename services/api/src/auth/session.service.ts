import { createHash, createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CookieOptions, Response } from 'express';
import {
  DomainError,
  SessionVia,
  accessTokenStanding,
  newObjectId,
  refreshTokenStanding,
  sessionDecider,
} from '@reloc/domain';
import { APP_CONFIG, AppConfig } from '../config';
import { Actor, CommandExecutor } from '../infrastructure/command-executor';
import { UserRow, UsersReadModel } from '../users/users.read-model';
import { SessionsReadModel } from './sessions.read-model';
import { TokenError, TokenService, unauthorized } from './token.service';

/** The refresh token's cookie: http-only (page scripts never read it), on two paths only. */
export const REFRESH_COOKIE = 'reloc_refresh';
export const REFRESH_COOKIE_PATHS = ['/v1/refresh', '/v1/logout'] as const;

export type IssuedSession = {
  /** The access token the console keeps and sends as `Authorization: Bearer`. */
  token: string;
  /** `<sessionId>.<secret>`: only its SHA-256 is stored, in the session's events. */
  refresh: string;
  expiresAt: string;
};

const sessionStream = (sessionId: string) => `session-${sessionId}`;
const digest = (secret: string) => createHash('sha256').update(secret).digest('base64url');
const newSecret = () => randomBytes(32).toString('base64url');

function parseRefresh(value: string | null): { sessionId: string; secret: string } | null {
  const match = value ? /^([0-9a-f]{24})\.([\w-]{43})$/.exec(value) : null;
  return match ? { sessionId: match[1], secret: match[2] } : null;
}

/** The value of one cookie in a Cookie header, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

const actorOfUser = (user: UserRow): Actor => ({
  id: user.id,
  trigram: user.trigram,
  role: user.role,
});

/**
 * Login sessions, event-sourced (stream `session-<id>`, rules in `sessionDecider`): a
 * short-lived access token, and a rotating, single-use refresh token whose reuse revokes the
 * whole session. The `sessions` read model answers, on every call, whether it is still open.
 */
@Injectable()
export class SessionService {
  private readonly logger = new Logger('Sessions');
  /** The time of refreshes and logouts (a test moves it past the retry grace). */
  now: () => Date = () => new Date();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly executor: CommandExecutor,
    private readonly sessions: SessionsReadModel,
    private readonly users: UsersReadModel,
    private readonly tokens: TokenService,
  ) {}

  /** A new session for `user` (login form, mobile wrapper, Google, 'Incarner'). */
  async open(user: UserRow, via: SessionVia, actor: Actor = actorOfUser(user)) {
    const sessionId = newObjectId();
    const secret = newSecret();
    const at = this.now();
    const expiresAt = new Date(at.getTime() + this.config.refreshTtlSeconds * 1000).toISOString();
    await this.executor.execute(
      sessionStream(sessionId),
      sessionDecider,
      {
        type: 'OpenSession',
        sessionId,
        userId: user.id,
        email: user.email,
        via,
        refreshHash: digest(secret),
        at: at.toISOString(),
        expiresAt,
      },
      { actor },
    );
    return {
      token: this.tokens.issue(user.id, user.role, { id: sessionId, generation: 0 }),
      refresh: `${sessionId}.${secret}`,
      expiresAt,
    } satisfies IssuedSession;
  }

  /**
   * The refresh token that follows `secret`: derived from it (HMAC under the token secret), so
   * that a retry of a refresh whose answer was lost gets the very same successor again.
   */
  private successorOf(sessionId: string, secret: string): string {
    return createHmac('sha256', this.config.tokenSecret)
      .update(`reloc/refresh-successor/v1\0${sessionId}.${secret}`)
      .digest('base64url');
  }

  /**
   * Trades the refresh token for a new pair. The token just replaced, presented again within
   * REFRESH_RETRY_GRACE_MS (the answer was lost), gets the same successor and an access token
   * of the same generation; any other spent one revokes the session (an event the audit
   * keeps) and, like any refusal, answers 401 'Invalid credentials'. `bearer`, when sent,
   * must belong to the same session: an impersonation's token is not renewed with the super
   * admin's own refresh token.
   */
  async rotate(refresh: string | null, bearer: string | null): Promise<IssuedSession> {
    const presented = parseRefresh(refresh);
    if (!presented) throw unauthorized('invalid');
    if (bearer) {
      const claims = this.claimsOf(bearer);
      if (claims && claims.sid !== presented.sessionId) throw unauthorized('invalid');
    }
    const stream = sessionStream(presented.sessionId);
    const { state } = await this.executor.load(stream, sessionDecider);
    const user = state ? this.users.findById(state.userId) : null;
    if (!state || !user || user.isDeactivated) throw unauthorized('invalid');
    if (this.sessions.findById(presented.sessionId)?.revoked) throw unauthorized('invalid');
    const secret = this.successorOf(presented.sessionId, presented.secret);
    let result;
    try {
      result = await this.executor.execute(
        stream,
        sessionDecider,
        {
          type: 'RotateRefresh',
          presentedHash: digest(presented.secret),
          newHash: digest(secret),
          at: this.now().toISOString(),
        },
        { actor: actorOfUser(user) },
      );
    } catch (error) {
      if (error instanceof DomainError) throw unauthorized('invalid');
      throw error;
    }
    const session = result.state;
    if (!session || session.revoked) {
      this.logger.warn(`spent refresh token reused: session ${presented.sessionId} revoked`);
      throw unauthorized('invalid');
    }
    return {
      token: this.tokens.issue(user.id, user.role, {
        id: session.sessionId,
        generation: session.generation,
      }),
      refresh: `${session.sessionId}.${secret}`,
      expiresAt: session.expiresAt,
    };
  }

  /**
   * Logout: closes the session named by the access token (even expired, if genuine) or, without
   * one, by the current refresh token. Nothing to close is not an error. Answers whether the
   * refresh cookie is to be cleared: not when it belongs to another session (the super admin's
   * own, while an impersonation ends).
   */
  async logout(bearer: string | null, refresh: string | null): Promise<{ clearCookie: boolean }> {
    const cookieSession = parseRefresh(refresh)?.sessionId ?? null;
    const closed = await this.close(bearer, refresh);
    return { clearCookie: !closed || !cookieSession || cookieSession === closed };
  }

  private async close(bearer: string | null, refresh: string | null): Promise<string | null> {
    let sessionId = bearer ? (this.claimsOf(bearer)?.sid ?? null) : null;
    if (!sessionId) {
      const presented = parseRefresh(refresh);
      if (!presented) return null;
      const { state } = await this.executor.load(
        sessionStream(presented.sessionId),
        sessionDecider,
      );
      // The current refresh token, or the one it just replaced (a refresh's answer was lost).
      const standing = state
        ? refreshTokenStanding(state, digest(presented.secret), this.now().toISOString())
        : 'unknown';
      if (standing !== 'current' && standing !== 'retry') return null;
      sessionId = presented.sessionId;
    }
    const { state } = await this.executor.load(sessionStream(sessionId), sessionDecider);
    if (!state) return null;
    const user = this.users.findById(state.userId);
    await this.executor.execute(
      sessionStream(sessionId),
      sessionDecider,
      { type: 'RevokeSession', reason: 'logout', at: this.now().toISOString() },
      {
        actor: user ? actorOfUser(user) : { id: state.userId, trigram: null, role: 'USER' },
      },
    );
    return sessionId;
  }

  /**
   * The account behind an access token, checked on every call: signature, expiry, then the
   * session (one read-model lookup): revoked answers 'Invalid credentials' at once, a token
   * older than the session's last refresh 'Expired token'.
   */
  authenticate(token: string | null): UserRow {
    if (!token) throw unauthorized('invalid');
    let claims;
    try {
      claims = this.tokens.verify(token);
    } catch (error) {
      if (error instanceof TokenError) throw unauthorized(error.reason);
      throw error;
    }
    const row = this.sessions.findById(claims.sid);
    if (row && row.userId !== claims.sub) throw unauthorized('invalid');
    const standing = accessTokenStanding(
      claims.gen,
      row ? { generation: row.generation, revoked: row.revoked !== null } : null,
    );
    if (standing !== 'ok') throw unauthorized(standing);
    const user = this.users.findById(claims.sub);
    if (!user || user.isDeactivated) throw unauthorized('invalid');
    return user;
  }

  /** Sets the refresh cookie on its paths (http-only, SameSite=Strict, Secure under https). */
  setCookie(response: Response, session: IssuedSession): void {
    const maxAge = Math.max(0, new Date(session.expiresAt).getTime() - Date.now());
    for (const path of REFRESH_COOKIE_PATHS)
      response.cookie(REFRESH_COOKIE, session.refresh, { ...this.cookieOptions(path), maxAge });
  }

  clearCookie(response: Response): void {
    for (const path of REFRESH_COOKIE_PATHS)
      response.clearCookie(REFRESH_COOKIE, this.cookieOptions(path));
  }

  private cookieOptions(path: string): CookieOptions {
    return {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.config.publicUrl.startsWith('https:'),
      path,
    };
  }

  private claimsOf(bearer: string) {
    try {
      return this.tokens.verify(bearer, { allowExpired: true });
    } catch (error) {
      if (error instanceof TokenError) return null;
      throw error;
    }
  }
}
