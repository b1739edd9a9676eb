import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DomainError } from '@reloc/domain';
import { AddressSearchService } from './address-search.service';

export const ADDRESS_SEARCH_LIMIT = 10;

/** Address suggestions for the console's address fields (spec §7 "Third-party services"). */
@ApiTags('address')
@Controller('address')
export class AddressController {
  constructor(private readonly addresses: AddressSearchService) {}

  @Get('search')
  search(@Query('q') q: unknown, @Query('limit') limit: unknown) {
    const errors: Record<string, string> = {};
    const query = typeof q === 'string' ? q.trim() : '';
    if (!query) errors.q = 'Obligatoire';
    else if (query.length > 200) errors.q = 'Ne peut pas contenir plus de 200 caractères.';
    const max = limit === undefined ? ADDRESS_SEARCH_LIMIT : Number(limit);
    if (!Number.isInteger(max) || max < 1 || max > ADDRESS_SEARCH_LIMIT)
      errors.limit = `Doit être un nombre entier de 1 à ${ADDRESS_SEARCH_LIMIT}`;
    if (Object.keys(errors).length) throw new DomainError('Requête invalide', 'invalid', errors);
    return this.addresses.search(query, max);
  }
}
