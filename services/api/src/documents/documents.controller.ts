import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Res,
  UploadedFile,
  UseFilters,
  UseInterceptors,
} from '@nestjs/common';
import { ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  CreateDocumentBody,
  createDocumentSchema,
  DeleteDocumentQuery,
  deleteDocumentQuerySchema,
  documentsOverrideSchema,
  DocumentsOverrideBody,
  documentUploadFieldsSchema,
  DownloadDocumentQuery,
  downloadDocumentQuerySchema,
  MergeDocumentsBody,
  mergeDocumentsSchema,
  SetFolderPackBody,
  setFolderPackSchema,
} from '@reloc/contracts';
import { DOCUMENT_MESSAGES, DomainError, FILE_MESSAGES, isObjectId } from '@reloc/domain';
import { buildInformationSheet } from '@reloc/pdf';
import { actorOf, CurrentUser } from '../auth/current-user';
import { attachment } from '../exports/exports.controller';
import { UploadExceptionFilter } from '../files/files.controller';
import { MulterFile, singleFileUpload } from '../files/upload';
import { validated } from '../infrastructure/http/validate';
import { UserRow } from '../users/users.read-model';
import { DocumentsService } from './documents.service';

function requireId(id: string, field: string): string {
  if (!isObjectId(id))
    throw new DomainError('Identifiant invalide', 'invalid', { [field]: 'Invalide' });
  return id;
}

/** `Content-Disposition: attachment` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentNamed(fileName: string): string {
  const name = fileName.replace(/[\r\n"\\/]/g, ' ').trim() || 'document';
  const ascii = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._ -]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function send(res: Response, bytes: Uint8Array, contentType: string, disposition: string): void {
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Disposition', disposition);
  res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.status(200).end(Buffer.from(bytes));
}

/** A project's folders, document slots and files (spec §2 "Documents tab", §7); staff only. */
@ApiTags('documents')
@Controller('documents/for/:projectId')
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  /** Folders, each followed by its documents; the default folders appear on the first read. */
  @Get()
  list(@CurrentUser() me: UserRow, @Param('projectId') projectId: string) {
    return this.documents.list(requireId(projectId, 'projectId'), actorOf(me));
  }

  @Get('readiness')
  readiness(@CurrentUser() me: UserRow, @Param('projectId') projectId: string) {
    return this.documents.readiness(requireId(projectId, 'projectId'), actorOf(me));
  }

  @Put('override')
  override(
    @CurrentUser() me: UserRow,
    @Param('projectId') projectId: string,
    @Body() body: unknown,
  ) {
    requireId(projectId, 'projectId');
    const { override } = validated<DocumentsOverrideBody>(documentsOverrideSchema, body);
    return this.documents.setOverride(projectId, override, actorOf(me));
  }

  @Post()
  create(@CurrentUser() me: UserRow, @Param('projectId') projectId: string, @Body() body: unknown) {
    requireId(projectId, 'projectId');
    const input = validated<CreateDocumentBody>(createDocumentSchema, body);
    return this.documents.create(projectId, input, actorOf(me));
  }

  @Post('_merge')
  merge(@CurrentUser() me: UserRow, @Param('projectId') projectId: string, @Body() body: unknown) {
    requireId(projectId, 'projectId');
    const input = validated<MergeDocumentsBody>(mergeDocumentsSchema, body);
    return this.documents.merge(projectId, input, actorOf(me));
  }

  @Put('document/:docId/upload')
  @ApiConsumes('multipart/form-data')
  @UseFilters(UploadExceptionFilter)
  @UseInterceptors(singleFileUpload())
  upload(
    @CurrentUser() me: UserRow,
    @Param('projectId') projectId: string,
    @Param('docId') docId: string,
    @Body() body: unknown,
    @UploadedFile() file: MulterFile | undefined,
  ) {
    requireId(projectId, 'projectId');
    requireId(docId, 'docId');
    validated(documentUploadFieldsSchema, { ...(body as object) });
    if (!file) throw new DomainError(FILE_MESSAGES.noFile, 'invalid', { file: 'Obligatoire' });
    return this.documents.upload(
      projectId,
      docId,
      { bytes: file.buffer, name: file.originalname },
      actorOf(me),
    );
  }

  /** Switches a folder's pack: body `{pack}`. */
  @Put('document/:docId')
  setPack(
    @CurrentUser() me: UserRow,
    @Param('projectId') projectId: string,
    @Param('docId') docId: string,
    @Body() body: unknown,
  ) {
    requireId(projectId, 'projectId');
    requireId(docId, 'docId');
    const { pack } = validated<SetFolderPackBody>(setFolderPackSchema, body);
    return this.documents.setPack(projectId, docId, pack, actorOf(me));
  }

  @Delete('document/:docId')
  @HttpCode(204)
  async remove(
    @CurrentUser() me: UserRow,
    @Param('projectId') projectId: string,
    @Param('docId') docId: string,
    @Query() query: unknown,
  ): Promise<void> {
    requireId(projectId, 'projectId');
    requireId(docId, 'docId');
    const { fileOnly, fileId } = validated<DeleteDocumentQuery>(deleteDocumentQuerySchema, {
      ...(query as object),
    });
    await this.documents.remove(
      projectId,
      docId,
      { fileOnly: fileOnly === 'true', fileId: fileId ?? null },
      actorOf(me),
    );
  }

  /** The information sheet from the project's data (tenant, company, guarantors, search). */
  @Get('document/templated/:template')
  async templated(
    @Param('projectId') projectId: string,
    @Param('template') template: string,
    @Res() res: Response,
  ) {
    const project = this.documents.requireProject(requireId(projectId, 'projectId'));
    if (template !== 'fiche_renseignement')
      throw new DomainError(DOCUMENT_MESSAGES.unknownTemplate, 'notFound');
    const bytes = await buildInformationSheet(project);
    const name = [project.firstName, project.lastName].filter((p) => p?.trim()).join(' ');
    send(res, bytes, 'application/pdf', attachment('fiche-renseignement', name));
  }

  @Get('document/:docId')
  async download(
    @CurrentUser() me: UserRow,
    @Param('projectId') projectId: string,
    @Param('docId') docId: string,
    @Query() query: unknown,
    @Res() res: Response,
  ) {
    requireId(projectId, 'projectId');
    requireId(docId, 'docId');
    const { format, fileId } = validated<DownloadDocumentQuery>(downloadDocumentQuerySchema, {
      ...(query as object),
    });
    const file = await this.documents.download(
      projectId,
      docId,
      format ?? 'pdf',
      actorOf(me),
      fileId,
    );
    send(res, file.bytes, file.contentType, attachmentNamed(file.fileName));
  }
}
