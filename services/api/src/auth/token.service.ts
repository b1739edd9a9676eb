import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { API_MESSAGES, DomainError } from '@reloc/domain';
import { APP_CONFIG, AppConfig } from '../config';

/** `sid` names the session (stream `session-<sid>`), `gen` its refresh generation at issue. */
export type TokenClaims = {
  sub: string;
  role: string;
  sid: string;
  gen: number;
  iat: number;
  exp: number;
};

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export class TokenError extends Error {
  constructor(readonly reason: 'invalid' | 'expired') {
    super(reason === 'expired' ? API_MESSAGES.expiredToken : API_MESSAGES.invalidCredentials);
  }
}

/**
 * Access tokens: HS256 JSON Web Tokens signed with the node secret, short-lived
 * (RELOC_TOKEN_TTL_SECONDS), bound to a session. They never renew themselves: a refresh takes
 * the session's refresh token (see SessionService).
 */
@Injectable()
export class TokenService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  issue(
    userId: string,
    role: string,
    session: { id: string; generation: number },
    now = Date.now(),
  ): string {
    const iat = Math.floor(now / 1000);
    const claims: TokenClaims = {
      sub: userId,
      role,
      sid: session.id,
      gen: session.generation,
      iat,
      exp: iat + this.config.tokenTtlSeconds,
    };
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${HEADER}.${payload}.${this.sign(`${HEADER}.${payload}`)}`;
  }

  /**
   * Checks the signature and the claims, then the expiry (unless `allowExpired`, for logout).
   * Tokens of before sessions (no `sid`) are invalid.
   */
  verify(token: string, options: { allowExpired?: boolean } = {}): TokenClaims {
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== HEADER) throw new TokenError('invalid');
    const expected = Buffer.from(this.sign(`${parts[0]}.${parts[1]}`));
    const actual = Buffer.from(parts[2]);
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual))
      throw new TokenError('invalid');
    let claims: TokenClaims;
    try {
      claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as TokenClaims;
    } catch {
      throw new TokenError('invalid');
    }
    if (
      typeof claims.sub !== 'string' ||
      typeof claims.exp !== 'number' ||
      typeof claims.sid !== 'string' ||
      typeof claims.gen !== 'number'
    )
      throw new TokenError('invalid');
    if (!options.allowExpired && Date.now() / 1000 >= claims.exp) throw new TokenError('expired');
    return claims;
  }

  private sign(input: string): string {
    return createHmac('sha256', this.config.tokenSecret).update(input).digest('base64url');
  }
}

export function bearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const match = /^(?:Bearer\s+)?(\S+)$/i.exec(value.trim());
  return match ? match[1] : null;
}

export function unauthorized(reason: 'invalid' | 'expired'): DomainError {
  return new DomainError(
    reason === 'expired' ? API_MESSAGES.expiredToken : API_MESSAGES.invalidCredentials,
    'unauthorized',
  );
}
