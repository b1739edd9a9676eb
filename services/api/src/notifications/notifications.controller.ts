import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DomainError } from '@reloc/domain';

const PAGE_SIZES = [100, 200];

/**
 * The notification feed. Its projection arrives with the notifications issue; until then
 * the feed is honestly empty, with the paging contract of §7 already enforced.
 */
@ApiTags('notifications')
@Controller('notifications')
export class NotificationsController {
  @Get()
  list(@Query('page') page = '0', @Query('pageSize') pageSize = '100') {
    const errors: Record<string, string> = {};
    if (!/^\d+$/.test(String(page))) errors.page = 'Doit être un nombre entier';
    if (!PAGE_SIZES.includes(Number(pageSize))) errors.pageSize = 'Invalide (100 ou 200)';
    if (Object.keys(errors).length) throw new DomainError('Requête invalide', 'invalid', errors);
    return { notifications: [], total: 0 };
  }
}
