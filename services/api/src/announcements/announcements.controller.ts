import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  ANNOUNCEMENT_SERVER_KEYS,
  ANNOUNCEMENTS_MAX_PAGE_SIZE,
  CreateAnnouncementBody,
  createAnnouncementSchema,
  CreateLeadBody,
  createLeadSchema,
  ListAnnouncementsQuery,
  listAnnouncementsSchema,
  UpdateAnnouncementBody,
  updateAnnouncementSchema,
} from '@reloc/contracts';
import { AnnouncementFields, DomainError, isObjectId } from '@reloc/domain';
import { actorOf, CurrentUser } from '../auth/current-user';
import { validated } from '../infrastructure/http/validate';
import { UserRow } from '../users/users.read-model';
import { AnnouncementsReadModel } from './announcements.read-model';
import { AnnouncementsService } from './announcements.service';

function requireId(id: string): string {
  if (!isObjectId(id)) throw new DomainError('Identifiant invalide', 'invalid', { id: 'Invalide' });
  return id;
}

const SERVER_KEYS = new Set<string>(ANNOUNCEMENT_SERVER_KEYS);

/** B2C announcements (spec §7 "Prospects and announcements"); staff only (the global guard). */
@ApiTags('announcements')
@Controller('announcements')
export class AnnouncementsController {
  constructor(
    private readonly service: AnnouncementsService,
    private readonly announcements: AnnouncementsReadModel,
  ) {}

  /** Pages of 200, newest first; the console asks the next page until an empty one. */
  @Get()
  list(@Query() query: unknown) {
    const q = validated<ListAnnouncementsQuery>(listAnnouncementsSchema, query);
    const size = Math.min(
      Number(q.size ?? ANNOUNCEMENTS_MAX_PAGE_SIZE),
      ANNOUNCEMENTS_MAX_PAGE_SIZE,
    );
    return this.announcements.list({ search: q.search, offset: Number(q.offset ?? 0), size });
  }

  @Post()
  create(@CurrentUser() me: UserRow, @Body() body: unknown) {
    const fields = validated<CreateAnnouncementBody>(createAnnouncementSchema, body);
    return this.service.create(actorOf(me), fields);
  }

  @Get(':id')
  async get(@CurrentUser() me: UserRow, @Param('id') id: string) {
    await this.service.markSeen(actorOf(me), requireId(id));
    return this.service.require(id);
  }

  @Put(':id')
  update(@CurrentUser() me: UserRow, @Param('id') id: string, @Body() body: unknown) {
    requireId(id);
    const { currentProgress, stopReason, ...rest } = validated<UpdateAnnouncementBody>(
      updateAnnouncementSchema,
      body,
    );
    const changes = Object.fromEntries(
      Object.entries(rest).filter(([key]) => !SERVER_KEYS.has(key)),
    ) as Partial<AnnouncementFields>;
    return this.service.update(actorOf(me), id, changes, currentProgress, stopReason);
  }

  /** 'Convertir en projet': 201 with the client file; a second call answers the same one. */
  @Post(':id/convert')
  convert(@CurrentUser() me: UserRow, @Param('id') id: string) {
    return this.service.convert(actorOf(me), requireId(id));
  }
}

/** The sales/lead form (§1, §5 "Login and lead form"): a client file per e-mail. */
@ApiTags('leads')
@Controller('leads')
export class LeadsController {
  constructor(private readonly service: AnnouncementsService) {}

  /** 201 with a new file at projectCreated, or 200 with the file that already has the e-mail. */
  @Post()
  @HttpCode(201)
  async create(
    @CurrentUser() me: UserRow,
    @Body() body: unknown,
    @Res({ passthrough: true }) res: Response,
  ) {
    const lead = validated<CreateLeadBody>(createLeadSchema, body);
    const sale = lead.sale ?? (me.role === 'SALE' ? me.trigram : null);
    const result = await this.service.openClientFile(actorOf(me), { ...lead, sale });
    if (result.existing) res.status(200);
    return result;
  }
}
