import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DomainError, PROSPECT_MESSAGES } from '@reloc/domain';
import { Public } from '../auth/roles.decorator';
import { APP_CONFIG, AppConfig } from '../config';
import { RecordProspectClickCommand } from './commands/prospect-commands';
import { ProspectsReadModel } from './prospects.read-model';

/**
 * The company link handed to a prospect's employees: each follow is counted in the
 * prospect's monthly clicks (§3 "Statistics"), then the visitor goes on to the public site.
 */
@ApiTags('prospects')
@Controller('c')
export class CompanyLinkController {
  constructor(
    private readonly commands: CommandBus,
    private readonly prospects: ProspectsReadModel,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get(':shortid')
  async follow(@Param('shortid') shortid: string, @Res() res: Response): Promise<void> {
    const prospectId = /^[a-z0-9-]{1,40}$/i.test(shortid)
      ? this.prospects.findIdByShortid(shortid)
      : null;
    if (!prospectId) throw new DomainError(PROSPECT_MESSAGES.notFound, 'notFound');
    await this.commands.execute(new RecordProspectClickCommand(prospectId));
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(
      302,
      `${this.config.siteUrl}/entreprise/${encodeURIComponent(shortid.toLowerCase())}`,
    );
  }
}
