import { Body, Controller, Get, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  createHostSchema,
  HOST_SERVER_KEYS,
  SearchHostsBody,
  searchHostsSchema,
  UpdateHostBody,
  updateHostSchema,
} from '@reloc/contracts';
import {
  DomainError,
  Host,
  HOST_MESSAGES,
  hostCreatedAt,
  HOSTS_PAGE_SIZE,
  hostWarnings,
  isObjectId,
} from '@reloc/domain';
import { actorOf, CurrentUser } from '../auth/current-user';
import { validated } from '../infrastructure/http/validate';
import { UserRow } from '../users/users.read-model';
import { CreateHostCommand, UpdateHostCommand } from './commands/host-commands';
import { HostsReadModel } from './hosts.read-model';

export const TOTAL_COUNT_HEADER = 'x-total-count';

function requireHostId(id: string): string {
  if (!isObjectId(id)) throw new DomainError('Identifiant invalide', 'invalid', { id: 'Invalide' });
  return id;
}

/** The host as the console reads it: its fields, the creation date (from the id), the warnings. */
export function toHostDto(host: Host) {
  const { revision: _revision, ...fields } = host;
  return { ...fields, createdAt: hostCreatedAt(host), warnings: hostWarnings(host) };
}

/** Keys the server owns or computes: accepted in a synced body and never written (§7). */
const SERVER_KEYS = new Set<string>(HOST_SERVER_KEYS);

/** The property catalogue (spec §7 "Proposals and hosts"); staff only (the global guard). */
@ApiTags('hosts')
@Controller('hosts')
export class HostsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly hosts: HostsReadModel,
  ) {}

  @Post('_search')
  @HttpCode(200)
  search(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const query = validated<SearchHostsBody>(searchHostsSchema, body);
    const { hosts, total } = this.hosts.search({
      offset: query.offset ?? 0,
      size: query.size ?? HOSTS_PAGE_SIZE,
      input: query.input,
      isActive: query.isActive,
    });
    res.setHeader(TOTAL_COUNT_HEADER, String(total));
    // A console served from another origin may read the total too.
    res.setHeader('Access-Control-Expose-Headers', TOTAL_COUNT_HEADER);
    return hosts.map(toHostDto);
  }

  @Post()
  async create(@CurrentUser() me: UserRow, @Body() body: unknown) {
    validated(createHostSchema, body);
    const hostId: string = await this.commands.execute(new CreateHostCommand(actorOf(me)));
    return { _id: hostId };
  }

  @Get(':id')
  get(@Param('id') id: string) {
    const host = this.hosts.findById(requireHostId(id));
    if (!host) throw new DomainError(HOST_MESSAGES.notFound, 'notFound');
    return toHostDto(host);
  }

  @Put(':id')
  async update(@CurrentUser() me: UserRow, @Param('id') id: string, @Body() body: unknown) {
    const hostId = requireHostId(id);
    const form = validated<UpdateHostBody>(updateHostSchema, body);
    const changes = Object.fromEntries(
      Object.entries(form).filter(([key]) => !SERVER_KEYS.has(key)),
    );
    const host: Host = await this.commands.execute(
      new UpdateHostCommand(actorOf(me), hostId, changes),
    );
    return toHostDto(host);
  }
}
