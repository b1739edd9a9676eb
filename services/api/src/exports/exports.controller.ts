import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ProposalsPdfQuery, proposalsPdfQuerySchema } from '@reloc/contracts';
import { DomainError, Host, isObjectId, PROJECT_MESSAGES, Proposal } from '@reloc/domain';
import { buildProposalsPdf, buildVisitsPdf, PdfEntry } from '@reloc/pdf';
import { APP_CONFIG, AppConfig } from '../config';
import { FilesService } from '../files/files.service';
import { HostsReadModel } from '../hosts/hosts.read-model';
import { validated } from '../infrastructure/http/validate';
import { ProjectsReadModel } from '../projects/projects.read-model';
import { ProposalsReadModel } from '../proposals/proposals.read-model';

/** `Content-Disposition` for a download: an ASCII fallback name plus the UTF-8 one (RFC 6266). */
export function attachment(prefix: string, clientName: string): string {
  const name = `${prefix}-${clientName.trim().replace(/\s+/g, '-') || 'client'}.pdf`;
  const ascii = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function requireProjectId(id: string): string {
  if (!isObjectId(id)) throw new DomainError('Identifiant invalide', 'invalid', { id: 'Invalide' });
  return id;
}

/** The PDF exports of a file (spec §5 "Exports"): visits, and all or liked proposals. Staff only. */
@ApiTags('proposals')
@Controller('proposals/lease/:id/pdf')
export class ExportsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly projects: ProjectsReadModel,
    private readonly proposals: ProposalsReadModel,
    private readonly hosts: HostsReadModel,
    private readonly files: FilesService,
  ) {}

  /** The file's client name and its proposals with their host and first photo. */
  private load(projectId: string): { clientName: string; entries: PdfEntry[] } {
    const project = this.projects.findById(requireProjectId(projectId));
    if (!project) throw new DomainError(PROJECT_MESSAGES.notFound, 'notFound');
    const clientName =
      [project.firstName, project.lastName].filter((part) => part?.trim()).join(' ') || 'Client';
    const photos = new Map<string, Uint8Array | null>();
    const photoOf = (host: Host): Uint8Array | null => {
      const id = host.photoUrlEstate?.[0];
      if (!id) return null;
      if (!photos.has(id))
        photos.set(id, isObjectId(id) ? (this.files.photo(id)?.bytes ?? null) : null);
      return photos.get(id) ?? null;
    };
    const entries = this.proposals
      .byProject(projectId)
      .map((proposal: Proposal) => ({ proposal, host: this.hosts.findById(proposal.idSell) }))
      .filter((entry): entry is { proposal: Proposal; host: Host } => entry.host !== null)
      .map((entry) => ({ ...entry, photo: photoOf(entry.host) }));
    return { clientName, entries };
  }

  private send(res: Response, bytes: Uint8Array, disposition: string): void {
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', disposition);
    res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
    res.setHeader('Cache-Control', 'no-store');
    res.status(200).end(Buffer.from(bytes));
  }

  @Get('visits')
  async visits(@Param('id') id: string, @Res() res: Response) {
    const { clientName, entries } = this.load(id);
    const bytes = await buildVisitsPdf({
      clientName,
      entries,
      contactPhone: this.config.contactPhone ?? undefined,
    });
    this.send(res, bytes, attachment('visites', clientName));
  }

  @Get('proposals')
  async proposalsPdf(@Param('id') id: string, @Query() query: unknown, @Res() res: Response) {
    const { liked } = validated<ProposalsPdfQuery>(proposalsPdfQuerySchema, {
      ...(query as object),
    });
    const { clientName, entries } = this.load(id);
    const bytes = await buildProposalsPdf({ clientName, entries, likedOnly: liked === 'true' });
    this.send(res, bytes, attachment('propositions', clientName));
  }
}
