import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  BillingHistoryQuery,
  billingHistoryQuerySchema,
  BillingListQuery,
  billingListQuerySchema,
  BillingOverridesBody,
  billingOverridesSchema,
  BillingReportQuery,
  billingReportQuerySchema,
} from '@reloc/contracts';
import { BillingOverrides, DomainError, isObjectId, Project } from '@reloc/domain';
import { actorOf, CurrentUser } from '../auth/current-user';
import { Roles } from '../auth/roles.decorator';
import { validated } from '../infrastructure/http/validate';
import { toProjectDto } from '../projects/projects.controller';
import { UserRow } from '../users/users.read-model';
import { billingReport } from './billing.report';
import { BillingListParams, BillingReadModel } from './billing.read-model';
import { ConfirmBillingCommand, SetBillingOverridesCommand } from './commands/billing-commands';

/** YYYY-MM of a date shifted by `months` (UTC). */
export function monthShift(now: Date, months: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1));
  return d.toISOString().slice(0, 7);
}

function requireId(id: string): string {
  if (!isObjectId(id)) throw new DomainError('Identifiant invalide', 'invalid', { id: 'Invalide' });
  return id;
}

function inOrder(from: string, to: string): void {
  if (from > to)
    throw new DomainError('Requête invalide', 'invalid', {
      from: 'Le début doit précéder la fin',
    });
}

/** The list's parameters with the §9 defaults: date descending, one month ago → this month, 100. */
export function listParams(q: BillingListQuery, now = new Date()): BillingListParams {
  const from = q.from ?? monthShift(now, -1);
  const to = q.to ?? monthShift(now, 0);
  inOrder(from, to);
  return {
    skipZero: q.skipZero === 'true',
    from,
    to,
    page: Number(q.page ?? 0),
    pageSize: Number(q.pageSize ?? 100),
    sortBy: q.sortBy ?? 'date',
    sortDirection: q.sortDirection ?? 'desc',
    filter: q.filter ?? '',
    id: q.id ?? null,
  };
}

/** Billing (spec §7 "Staff, users and billing", "Dashboard and reports"). Amounts in cents. */
@ApiTags('billing')
@Controller()
export class BillingController {
  constructor(
    private readonly commands: CommandBus,
    private readonly billing: BillingReadModel,
  ) {}

  @Get('billing')
  @Roles('ADMIN', 'SUPERADMIN')
  list(@Query() query: unknown) {
    return this.billing.list(
      listParams(validated<BillingListQuery>(billingListQuerySchema, query)),
    );
  }

  @Get('billing/outstanding')
  @Roles('ADMIN', 'SUPERADMIN')
  outstanding() {
    return { outstanding: this.billing.outstanding() };
  }

  @Post('billing/:id/confirm')
  @HttpCode(200)
  @Roles('ADMIN', 'SUPERADMIN')
  confirm(@CurrentUser() me: UserRow, @Param('id') id: string) {
    return this.commands.execute(new ConfirmBillingCommand(actorOf(me), requireId(id)));
  }

  @Get('user/billing/outstanding')
  mine(@CurrentUser() me: UserRow) {
    return this.billing.outstanding(me.id)[0];
  }

  @Get('user/billing/history')
  history(@CurrentUser() me: UserRow, @Query() query: unknown) {
    const q = validated<BillingHistoryQuery>(billingHistoryQuerySchema, query);
    const now = new Date();
    const from = q.from ?? monthShift(now, -6);
    const to = q.to ?? monthShift(now, 0);
    inOrder(from, to);
    return { from, to, history: this.billing.history(me.id, from, to) };
  }

  @Get('reports/billing')
  @Roles('ADMIN', 'SUPERADMIN')
  report(@Query() query: unknown, @Res() res: Response) {
    const q = validated<BillingReportQuery>(billingReportQuerySchema, query);
    const params = listParams(q);
    const { name, bytes, mime } = billingReport(q.type, this.billing.all(params), params);
    res.setHeader('Content-Type', mime);
    res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
    res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
    res.status(200).end(bytes);
  }

  @Put('lease/:id/billing')
  @Roles('SUPERADMIN')
  async overrides(@CurrentUser() me: UserRow, @Param('id') id: string, @Body() body: unknown) {
    const overrides = validated<BillingOverridesBody>(billingOverridesSchema, body);
    const project: Project = await this.commands.execute(
      new SetBillingOverridesCommand(actorOf(me), requireId(id), overrides as BillingOverrides),
    );
    return toProjectDto(project);
  }
}
