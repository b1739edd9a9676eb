import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  AttachProspectFileBody,
  attachProspectFileSchema,
  CreateProspectBody,
  createProspectSchema,
  ProspectAutocompleteQuery,
  prospectAutocompleteSchema,
  ProspectsQuery,
  prospectsQuerySchema,
  UpdateProspectBody,
  updateProspectSchema,
} from '@reloc/contracts';
import {
  abandonReasonOf,
  canEditProspect,
  DomainError,
  formatDate,
  hasCompanyLink,
  isObjectId,
  isStageAheadOfTheory,
  LinkedFile,
  leaseStats,
  monthlyStats,
  nextStageCheck,
  noFileTooltip,
  Prospect,
  PROSPECT_MESSAGES,
  PROSPECT_SELECT_LABELS,
  PROSPECT_STAGE_LABELS,
  ProspectActor,
  prospectStageErrors,
  relocatedAt,
  theoreticalStatus,
} from '@reloc/domain';
import { actorOf, CurrentUser } from '../auth/current-user';
import { Roles } from '../auth/roles.decorator';
import { validated } from '../infrastructure/http/validate';
import { UserRow } from '../users/users.read-model';
import { FilesService } from '../files/files.service';
import {
  AttachProspectFileCommand,
  CreateProspectCommand,
  DeleteProspectCommand,
  RemoveProspectFileCommand,
  UpdateProspectCommand,
} from './commands/prospect-commands';
import { NotificationsReadModel } from '../notifications/notifications.read-model';
import { ProspectFilter, ProspectsReadModel } from './prospects.read-model';
import { buildXlsx, Cell, XLSX_MIME } from '../infrastructure/xlsx';

function requireProspectId(id: string): string {
  if (!isObjectId(id)) throw new DomainError('Identifiant invalide', 'invalid', { id: 'Invalide' });
  return id;
}

const trigramOrUnknown = (trigram: string | null) => trigram ?? '???';

/** A board tile (§2 "Prospects page"). */
export function toProspectTile(prospect: Prospect, files: LinkedFile[], actor: ProspectActor) {
  const theory = theoreticalStatus(files);
  return {
    _id: prospect._id,
    name: prospect.name,
    currentProgress: prospect.currentProgress,
    stageLabel: PROSPECT_STAGE_LABELS[prospect.currentProgress],
    tags: prospect.tags,
    alerts: prospect.alerts,
    assignees: { lead: prospect.assignees.lead, sale: prospect.assignees.sale },
    leadTrigram: trigramOrUnknown(prospect.assignees.lead),
    saleTrigram: trigramOrUnknown(prospect.assignees.sale),
    stopped: prospect.progress.stopped,
    notInterested: prospect.notInterested,
    lastMove: prospect.lastMove || prospect.createdAt,
    theoreticalStatus: theory,
    invalid: isStageAheadOfTheory(prospect.currentProgress, theory),
    tooltip: noFileTooltip(prospect.currentProgress, theory) ? PROSPECT_MESSAGES.noFile : null,
    canOpen: canEditProspect(actor, prospect),
  };
}

/** The prospect page's data: fields, revision, stage checks and the monthly statistics. */
export function toProspectDto(prospect: Prospect, files: LinkedFile[], actor: ProspectActor) {
  const { revision, fieldRevisions: _r, fieldAuthors: _a, deleted: _d, ...fields } = prospect;
  const theory = theoreticalStatus(files);
  return {
    ...fields,
    _revision: revision,
    stageLabel: PROSPECT_STAGE_LABELS[prospect.currentProgress],
    abandonReason: abandonReasonOf(prospect.notInterested),
    theoreticalStatus: theory,
    invalid: isStageAheadOfTheory(prospect.currentProgress, theory),
    tooltip: noFileTooltip(prospect.currentProgress, theory) ? PROSPECT_MESSAGES.noFile : null,
    stageErrors: prospectStageErrors(prospect, prospect.currentProgress),
    nextStage: nextStageCheck(prospect, theory),
    linkedFiles: files.length,
    leaseStats: leaseStats(files),
    monthlyStats: monthlyStats(prospect.clicks, files),
    canEdit: canEditProspect(actor, prospect),
    // The counted public link (§4: from 'pitched' onward when a shortid exists).
    companyLink:
      hasCompanyLink(prospect) && prospect.shortid
        ? `/v1/c/${encodeURIComponent(prospect.shortid)}`
        : null,
  };
}

const REPORT_HEADER = [
  'Nom',
  'Étape',
  'Abandonné',
  'Raison',
  'Lead',
  'Commercial',
  'SIRET',
  'Adresse',
  'Effectifs',
  'Type de structure',
  'Type',
  'Origine',
  'Date de la démo',
  'Contact',
  'Téléphone',
  'E-mail',
  'Poste',
  'Tags',
  'Dossiers créés',
  'Dossiers relogés',
  'Statut théorique',
  'Dernier mouvement',
  'Créé le',
];

function reportRow(p: Prospect, files: LinkedFile[]): Cell[] {
  const reason = abandonReasonOf(p.notInterested);
  const label = (map: Record<string, string>, value: string | null) =>
    value === null ? null : (map[value] ?? value);
  return [
    p.name,
    PROSPECT_STAGE_LABELS[p.currentProgress],
    p.progress.stopped ? 'Oui' : 'Non',
    reason ? (reason.text ?? label(PROSPECT_SELECT_LABELS.notInterested, reason.reason)) : null,
    p.assignees.lead,
    p.assignees.sale,
    p.siret,
    p.address,
    p.employeesCount,
    label(PROSPECT_SELECT_LABELS.structureType, p.structureType),
    label(PROSPECT_SELECT_LABELS.type, p.type),
    label(PROSPECT_SELECT_LABELS.origin, p.origin),
    formatDate(p.demoDate) || null,
    p.companyContactName,
    p.companyContactPhone,
    p.companyContactMail,
    p.companyContactJob,
    p.tags.join(', ') || null,
    files.length,
    files.filter((file) => relocatedAt(file) !== null).length,
    PROSPECT_STAGE_LABELS[theoreticalStatus(files)],
    formatDate(p.lastMove || p.createdAt) || null,
    formatDate(p.createdAt) || null,
  ];
}

const filterOf = (query: ProspectsQuery): ProspectFilter => query.filter ?? 'active';

/** B2B prospects (spec §7 "Prospects and announcements", §2, §5 "Prospects", §6). */
@ApiTags('prospects')
@Controller()
export class ProspectsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly prospects: ProspectsReadModel,
    private readonly files: FilesService,
    private readonly notifications: NotificationsReadModel,
  ) {}

  @Get('prospects')
  list(@CurrentUser() me: UserRow, @Query() query: unknown) {
    const q = validated<ProspectsQuery>(prospectsQuerySchema, query);
    const files = this.prospects.linkedFilesByProspect();
    const actor = actorOf(me);
    const flames = this.notifications.flames(me.id, me.trigram);
    return this.prospects.search({ search: q.search, filter: filterOf(q) }).map((p) => ({
      ...toProspectTile(p, files.get(p._id) ?? [], actor),
      flame: flames.has(p._id),
    }));
  }

  @Get('prospects/tags')
  tags() {
    return this.prospects.tags();
  }

  @Get('prospects/_autocomplete')
  autocomplete(@Query() query: unknown) {
    const q = validated<ProspectAutocompleteQuery>(prospectAutocompleteSchema, query);
    return this.prospects.autocomplete(q.type, q.search);
  }

  @Post('prospects')
  async create(@CurrentUser() me: UserRow, @Body() body: unknown) {
    const form = validated<CreateProspectBody>(createProspectSchema, body);
    const prospectId: string = await this.commands.execute(
      new CreateProspectCommand(actorOf(me), form.name, form.assignees?.sale ?? null),
    );
    return { _id: prospectId };
  }

  private readable(me: UserRow, id: string): Prospect {
    const prospect = this.prospects.findById(requireProspectId(id));
    if (!prospect) throw new DomainError(PROSPECT_MESSAGES.notFound, 'notFound');
    if (!canEditProspect(actorOf(me), prospect))
      throw new DomainError(PROSPECT_MESSAGES.forbidden, 'forbidden');
    return prospect;
  }

  @Get('prospects/:id')
  get(@CurrentUser() me: UserRow, @Param('id') id: string) {
    const prospect = this.readable(me, id);
    return toProspectDto(prospect, this.prospects.linkedFiles(prospect._id), actorOf(me));
  }

  @Get('prospects/:id/timeline')
  timeline(@CurrentUser() me: UserRow, @Param('id') id: string) {
    return this.prospects.timeline(this.readable(me, id)._id);
  }

  @Put('prospects/:id')
  async update(@CurrentUser() me: UserRow, @Param('id') id: string, @Body() body: unknown) {
    const prospectId = requireProspectId(id);
    const { _revision, ...changes } = validated<UpdateProspectBody>(updateProspectSchema, body);
    const prospect: Prospect = await this.commands.execute(
      new UpdateProspectCommand(actorOf(me), prospectId, _revision, changes),
    );
    return toProspectDto(prospect, this.prospects.linkedFiles(prospectId), actorOf(me));
  }

  @Delete('prospects/:id')
  @Roles('ADMIN', 'SUPERADMIN')
  async remove(@CurrentUser() me: UserRow, @Param('id') id: string) {
    await this.commands.execute(new DeleteProspectCommand(actorOf(me), requireProspectId(id)));
    return { message: 'ok' };
  }

  /** Attaches an uploaded file (`{fileId}` from POST /cache/upload?type=files). */
  @Post('prospects/:id/files')
  async attach(@CurrentUser() me: UserRow, @Param('id') id: string, @Body() body: unknown) {
    const { fileId } = validated<AttachProspectFileBody>(attachProspectFileSchema, body);
    const prospect: Prospect = await this.commands.execute(
      new AttachProspectFileCommand(actorOf(me), requireProspectId(id), fileId),
    );
    return prospect.files;
  }

  @Delete('prospects/:id/files/:fileId')
  async detach(
    @CurrentUser() me: UserRow,
    @Param('id') id: string,
    @Param('fileId') fileId: string,
  ) {
    await this.commands.execute(
      new RemoveProspectFileCommand(actorOf(me), requireProspectId(id), requireProspectId(fileId)),
    );
    return { message: 'ok' };
  }

  /** Downloads an attached file, for those who may open the prospect. */
  @Get('prospects/:id/files/:fileId')
  download(
    @CurrentUser() me: UserRow,
    @Param('id') id: string,
    @Param('fileId') fileId: string,
    @Res() res: Response,
  ) {
    const prospect = this.readable(me, id);
    const attached = (prospect.files ?? []).find((file) => file._id === fileId);
    // The record must belong to this prospect (sent for it, or taken when attached).
    const file = attached ? this.files.find(attached._id) : null;
    const bytes = file?.target === prospect._id ? this.files.bytesOf(file) : null;
    if (!attached || !file || !bytes)
      throw new DomainError(PROSPECT_MESSAGES.fileNotFound, 'notFound');
    const ascii = attached.name.normalize('NFD').replace(/[^A-Za-z0-9._-]/g, '_');
    res.setHeader('Content-Type', file.mime);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(attached.name)}`,
    );
    res.status(200).end(bytes);
  }

  /** The admins' download (§6): the board's prospects as a spreadsheet. */
  @Get('reports/prospects')
  @Roles('ADMIN', 'SUPERADMIN')
  report(@Query() query: unknown, @Res() res: Response) {
    const q = validated<ProspectsQuery>(prospectsQuerySchema, query);
    const files = this.prospects.linkedFilesByProspect();
    const rows = this.prospects
      .search({ search: q.search, filter: filterOf(q) })
      .map((p) => reportRow(p, files.get(p._id) ?? []));
    const day = new Date().toISOString().slice(0, 10);
    res.setHeader('Content-Type', XLSX_MIME);
    res.setHeader('Content-Disposition', `attachment; filename="prospects-${day}.xlsx"`);
    res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
    res.send(
      buildXlsx([
        { name: 'Prospects', columns: REPORT_HEADER.map((header) => ({ header })), rows },
      ]),
    );
  }
}
