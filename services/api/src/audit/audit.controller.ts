import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DomainError } from '@reloc/domain';
import { Roles } from '../auth/roles.decorator';
import { buildAuditPdf } from './audit-pdf';
import { AUDIT_MESSAGES, AuditService } from './audit.service';

/** `attachment` with an ASCII fallback name and the UTF-8 one (RFC 6266). */
function attachment(name: string): string {
  const ascii = name.replace(/[^A-Za-z0-9._-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * History of any event stream (issue 8): its events with who, when and what changed, its
 * state at an instant, and an export carrying the hash chain. Admins and super admins only.
 */
@ApiTags('audit')
@Controller('audit/streams')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get(':stream')
  @Roles('ADMIN', 'SUPERADMIN')
  history(@Param('stream') stream: string) {
    return this.audit.history(stream);
  }

  @Get(':stream/state')
  @Roles('ADMIN', 'SUPERADMIN')
  state(@Param('stream') stream: string, @Query('at') at: unknown) {
    return this.audit.stateAt(stream, at);
  }

  @Get(':stream/export')
  @Roles('ADMIN', 'SUPERADMIN')
  async export(
    @Param('stream') stream: string,
    @Query('format') format: unknown,
    @Res() res: Response,
  ) {
    if (format !== 'json' && format !== 'pdf')
      throw new DomainError(AUDIT_MESSAGES.badFormat, 'invalid', { format: 'Invalide' });
    const exportedAt = new Date().toISOString();
    const { type, events } = await this.audit.exportEvents(stream);
    res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
    res.setHeader('Cache-Control', 'no-store');
    if (format === 'json') {
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Content-Disposition', attachment(`historique-${stream}.json`));
      res.status(200).send(
        JSON.stringify(
          {
            stream,
            aggregate: type.prefix,
            exportedAt,
            chain: {
              algorithm: 'sha256',
              hash: "sha256_hex((prev ?? '') + '\\n' + canonicalJson({id, streamId, revision, type, data, metadata without chain}))",
              canonicalJson: 'JSON, object keys sorted at every depth, no spaces',
            },
            events,
          },
          null,
          2,
        ),
      );
      return;
    }
    const history = await this.audit.history(stream);
    const checks = new Map(events.map((event) => [event.id, event.chainCheck]));
    const bytes = await buildAuditPdf({
      stream,
      aggregate: type.prefix,
      label: type.label,
      exportedAt,
      entries: history.events.map((entry) => ({
        ...entry,
        chainCheck: checks.get(entry.id) ?? 'missing',
      })),
    });
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', attachment(`historique-${stream}.pdf`));
    res.status(200).end(Buffer.from(bytes));
  }
}
