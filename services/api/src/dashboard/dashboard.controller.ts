import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DashboardReportBody, dashboardReportSchema } from '@reloc/contracts';
import {
  API_MESSAGES,
  b2cBuckets,
  dashboardScope,
  DashboardViewed,
  DomainError,
  focusBuckets,
  isAdmin,
  proportionBuckets,
  statBuckets,
} from '@reloc/domain';
import { CurrentUser } from '../auth/current-user';
import { validated } from '../infrastructure/http/validate';
import { UserRow, UsersReadModel } from '../users/users.read-model';
import { DashboardReadModel } from './dashboard.read-model';

/** The dashboard 'Vos indicateurs' (spec §7 "Dashboard and reports"); every staff member. */
@ApiTags('reports')
@Controller('reports')
export class DashboardController {
  constructor(
    private readonly dashboard: DashboardReadModel,
    private readonly users: UsersReadModel,
  ) {}

  @Post('dashboard')
  @HttpCode(200)
  report(@CurrentUser() me: UserRow, @Body() body: unknown) {
    const request = validated<DashboardReportBody>(dashboardReportSchema, body);
    let named: DashboardViewed | null = null;
    if (request.as !== undefined && isAdmin(me.role)) {
      const user = this.users.findByTrigram(request.as);
      if (!user) throw new DomainError(API_MESSAGES.notFound, 'notFound', { as: 'Introuvable' });
      named = { id: user.id, role: user.role, trigram: user.trigram };
    }
    const scope = dashboardScope(
      { id: me.id, role: me.role, trigram: me.trigram, createdAt: me.createdAt },
      request,
      new Date(),
      named,
    );
    // A viewed staff member without a trigram holds no file: an impossible trigram matches none.
    const trigram = scope.viewed ? (scope.viewed.trigram ?? '') : null;
    const filter = { trigram, start: scope.start, end: scope.end };
    const focus = request.focus;
    return {
      range: { startDate: scope.start, endDate: scope.end },
      months: scope.months,
      viewed: scope.viewed
        ? { trigram: scope.viewed.trigram, isAdmin: isAdmin(scope.viewed.role) }
        : null,
      statuses: scope.statuses,
      stats: scope.months.length ? statBuckets(this.dashboard.stats(filter), scope) : [],
      proportions: scope.months.length
        ? proportionBuckets(this.dashboard.cohorts(filter), scope)
        : [],
      focusStats:
        focus && scope.months.includes(focus.month) && scope.statuses.includes(focus.status)
          ? focusBuckets(this.dashboard.focus(filter, focus.month, focus.status))
          : [],
      b2c: scope.b2c
        ? b2cBuckets(
            this.dashboard.activity({
              staffId: scope.viewed?.id ?? null,
              start: scope.start,
              end: scope.end,
            }),
            scope,
          )
        : null,
    };
  }
}
