import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CookieOptions } from 'express';
import { DomainError, LOGIN_MESSAGES, normaliseEmail } from '@reloc/domain';
import { APP_CONFIG, AppConfig } from '../config';
import { UserRow, UsersReadModel } from '../users/users.read-model';

type OpenIdClient = typeof import('openid-client');
type OpenIdConfiguration = import('openid-client').Configuration;

// openid-client 6 is an ES module; Node 20.19+ lets CommonJS load it lazily here.
const loadClient = (): Promise<OpenIdClient> => import('openid-client');

const COOKIE = 'reloc_sso';
const COOKIE_MAX_AGE_MS = 10 * 60 * 1000;

/** An openid-client error with its reason: the cause, or the provider's code (invalid_grant). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const reason = error.cause instanceof Error ? error.cause.message : Reflect.get(error, 'error');
  return typeof reason === 'string' ? `${String(error)} (${reason})` : String(error);
}

/**
 * Google (or any OpenID provider) sign-in: authorization code with PKCE. The verifier and
 * state travel in a signed, http-only cookie between /login-sso and /callback-sso.
 */
@Injectable()
export class SsoService {
  private readonly logger = new Logger('Sso');
  private configuration: Promise<OpenIdConfiguration> | null = null;
  readonly cookieName = COOKIE;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersReadModel,
  ) {}

  private get redirectUri(): string {
    return `${this.config.publicUrl}/callback-sso`;
  }

  private async discover(): Promise<{ client: OpenIdClient; configuration: OpenIdConfiguration }> {
    const sso = this.config.sso;
    if (!sso) throw new DomainError('La connexion Google n’est pas configurée', 'notFound');
    const client = await loadClient();
    if (!this.configuration) {
      const issuer = new URL(sso.issuer);
      this.configuration = client
        .discovery(
          issuer,
          sso.clientId,
          sso.clientSecret,
          undefined,
          issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined,
        )
        .catch((error: unknown) => {
          this.configuration = null;
          throw error;
        });
    }
    return { client, configuration: await this.configuration };
  }

  async start(): Promise<{
    url: string;
    cookie: { name: string; value: string; options: CookieOptions };
  }> {
    const { client, configuration } = await this.discover();
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      ...(this.config.sso?.allowedDomain ? { hd: this.config.sso.allowedDomain } : {}),
    });
    const payload = Buffer.from(JSON.stringify({ state, verifier })).toString('base64url');
    return {
      url: url.href,
      cookie: {
        name: COOKIE,
        value: `${payload}.${this.sign(payload)}`,
        options: {
          httpOnly: true,
          sameSite: 'lax',
          path: '/',
          maxAge: COOKIE_MAX_AGE_MS,
          secure: this.config.publicUrl.startsWith('https:'),
        },
      },
    };
  }

  async finish(
    code: string,
    stateFromClient: string | null,
    cookieHeader: string,
  ): Promise<UserRow> {
    const flow = this.readCookie(cookieHeader);
    if (!flow || (stateFromClient && stateFromClient !== flow.state))
      throw new DomainError('Session de connexion expirée, recommencez', 'invalid');
    const { client, configuration } = await this.discover();
    const current = new URL(this.redirectUri);
    current.searchParams.set('code', code);
    current.searchParams.set('state', flow.state);
    // The console forwards code and state only. A provider that announces RFC 9207 makes
    // openid-client require `iss` in the return: with one configured provider, it is that one.
    const metadata = configuration.serverMetadata();
    if (metadata.authorization_response_iss_parameter_supported) {
      current.searchParams.set('iss', metadata.issuer);
    }
    let claims: Record<string, unknown> | undefined;
    try {
      const tokens = await client.authorizationCodeGrant(configuration, current, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
      });
      const idToken = tokens.claims();
      claims = idToken;
      if (idToken && typeof idToken.email !== 'string') {
        // A provider may keep the ID token minimal and give the e-mail at userinfo only.
        const info = await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
        claims = { ...idToken, ...info };
      }
    } catch (error) {
      this.logger.warn(`code exchange refused: ${describe(error)}`);
      throw new DomainError('Code de connexion refusé', 'invalid');
    }
    const email = typeof claims?.email === 'string' ? normaliseEmail(claims.email) : null;
    const domain = this.config.sso?.allowedDomain;
    if (!email || claims?.email_verified !== true || (domain && claims?.hd !== domain))
      throw new DomainError(LOGIN_MESSAGES.ssoUnknown, 'notFound');
    const user = this.users.findByEmail(email);
    if (!user) throw new DomainError(LOGIN_MESSAGES.ssoUnknown, 'notFound');
    if (user.isDeactivated) throw new DomainError(LOGIN_MESSAGES.ssoDeactivated, 'unauthorized');
    return user;
  }

  private sign(value: string): string {
    return createHmac('sha256', this.config.tokenSecret).update(`sso:${value}`).digest('base64url');
  }

  private readCookie(header: string): { state: string; verifier: string } | null {
    const raw = header
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${COOKIE}=`));
    if (!raw) return null;
    const [payload, signature] = decodeURIComponent(raw.slice(COOKIE.length + 1)).split('.');
    if (!payload || !signature) return null;
    const expected = Buffer.from(this.sign(payload));
    const actual = Buffer.from(signature);
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
    try {
      return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
        state: string;
        verifier: string;
      };
    } catch {
      return null;
    }
  }
}
