import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Inject,
  Ip,
  Logger,
  Post,
  Req,
  Res,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CallbackSsoBody,
  LoginPartnerBody,
  callbackSsoSchema,
  emptyBodySchema,
  loginPartnerSchema,
} from '@reloc/contracts';
import { APP_CONFIG, AppConfig } from '../config';
import { validated } from '../infrastructure/http/validate';
import { BillingReadModel } from '../billing/billing.read-model';
import { AuthService } from './auth.service';
import { Public } from './roles.decorator';
import { REFRESH_COOKIE, SessionService, cookieValue } from './session.service';
import { SsoService } from './sso.service';
import { bearerToken } from './token.service';

const startedAt = Date.now();

/** Session and infrastructure calls (spec §7). */
@ApiTags('session')
@Controller()
export class AuthController {
  private readonly logger = new Logger('Auth');

  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionService,
    private readonly sso: SsoService,
    private readonly billing: BillingReadModel,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Post('login-partner')
  @HttpCode(200)
  async login(
    @Body() body: unknown,
    @Ip() ip: string,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { email, password } = validated<LoginPartnerBody>(loginPartnerSchema, body);
    const user = await this.auth.checkCredentials(email, password, ip);
    const session = await this.sessions.open(user, 'password');
    this.sessions.setCookie(response, session);
    return { token: session.token };
  }

  /**
   * A new access token for the refresh cookie, which is rotated (single use). Without the
   * cookie (an old client sending only its token) or with a spent, revoked or foreign one:
   * 401 'Invalid credentials', and the cookie is cleared.
   */
  @Public()
  @Post('refresh')
  @HttpCode(200)
  async refresh(
    @Headers('authorization') authorization: string | undefined,
    @Body() body: unknown,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    validated(emptyBodySchema, body);
    try {
      const session = await this.sessions.rotate(
        cookieValue(request.headers.cookie, REFRESH_COOKIE),
        bearerToken(authorization),
      );
      this.sessions.setCookie(response, session);
      return { token: session.token };
    } catch (error) {
      this.sessions.clearCookie(response);
      throw error;
    }
  }

  /** Ends the session of the access token (or of the refresh cookie); always answers 204. */
  @Public()
  @Post('logout')
  @HttpCode(204)
  async logout(
    @Headers('authorization') authorization: string | undefined,
    @Body() body: unknown,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    validated(emptyBodySchema, body);
    const { clearCookie } = await this.sessions.logout(
      bearerToken(authorization),
      cookieValue(request.headers.cookie, REFRESH_COOKIE),
    );
    if (clearCookie) this.sessions.clearCookie(response);
  }

  @Public()
  @Get('status.json')
  status(@Headers('authorization') authorization: string | undefined) {
    // An expired token is answered like on any call, so the console refreshes it once.
    const user = this.auth.whoIs(bearerToken(authorization), { rejectExpired: true });
    if (!user) return { ok: true, isLogged: false };
    return {
      ok: true,
      isLogged: true,
      id: user.id,
      role: user.role,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      trigram: user.trigram,
      createdAt: user.createdAt,
      projectId: null,
      // Cents, as every amount the API sends: unconfirmed lines plus the next adjustment.
      billing: { outstanding: this.billing.outstanding(user.id)[0]?.total ?? 0 },
      rewards: { custom: user.rewards.custom },
    };
  }

  /** The build stamp of the console being served; a change tells browsers to reload. */
  @Public()
  @Get('release.json')
  release() {
    const file = join(this.config.consoleDir, 'release.json');
    if (existsSync(file)) {
      try {
        const { ts } = JSON.parse(readFileSync(file, 'utf8')) as { ts: unknown };
        if (typeof ts === 'number' || typeof ts === 'string') return { ts };
      } catch {
        // a half-written file during a deploy: fall back to the start time
      }
    }
    return { ts: startedAt };
  }

  @Public()
  @Get('login-sso')
  async loginSso(@Res() response: Response) {
    // A browser navigation: when sign-in is off or its provider unreachable, the console's
    // return page says so instead of showing a raw JSON error.
    const unavailable = '/callback-sso?error=sso_unavailable';
    if (!this.config.sso) {
      response.redirect(302, unavailable);
      return;
    }
    let flow: Awaited<ReturnType<SsoService['start']>>;
    try {
      flow = await this.sso.start();
    } catch (error) {
      this.logger.warn(`single sign-on provider unreachable: ${String(error)}`);
      response.redirect(302, unavailable);
      return;
    }
    response.cookie(flow.cookie.name, flow.cookie.value, flow.cookie.options);
    response.redirect(302, flow.url);
  }

  @Public()
  @Post('callback-sso')
  @HttpCode(200)
  async callbackSso(
    @Body() body: unknown,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { code, state } = validated<CallbackSsoBody>(callbackSsoSchema, body);
    const user = await this.sso.finish(code, state ?? null, request.headers.cookie ?? '');
    response.clearCookie(this.sso.cookieName, { path: '/' });
    const session = await this.sessions.open(user, 'sso');
    this.sessions.setCookie(response, session);
    return { token: session.token };
  }
}
