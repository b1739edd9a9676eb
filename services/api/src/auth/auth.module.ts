import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { BillingModule } from '../billing/billing.module';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { LoginRateLimiter } from './login-rate-limiter';
import { SsoService } from './sso.service';
import { TokenService } from './token.service';
import { SessionService } from './session.service';
import { SessionsReadModel } from './sessions.read-model';

@Module({
  imports: [UsersModule, BillingModule],
  controllers: [AuthController],
  providers: [
    TokenService,
    SessionsReadModel,
    SessionService,
    AuthService,
    LoginRateLimiter,
    SsoService,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [TokenService, SessionService],
})
export class AuthModule {}
