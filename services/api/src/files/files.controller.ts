import {
  ArgumentsHost,
  Body,
  Catch,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpException,
  HttpStatus,
  Param,
  Post,
  Query,
  Res,
  UploadedFile,
  UseFilters,
  UseInterceptors,
} from '@nestjs/common';
import { ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { UploadFields, uploadFieldsSchema, UploadQuery, uploadQuerySchema } from '@reloc/contracts';
import { API_MESSAGES, DomainError, FILE_MESSAGES, isImageType, isObjectId } from '@reloc/domain';
import { Public } from '../auth/roles.decorator';
import { actorOf, CurrentUser } from '../auth/current-user';
import { ApiExceptionFilter } from '../infrastructure/http/exception.filter';
import { validated } from '../infrastructure/http/validate';
import { UserRow } from '../users/users.read-model';
import { FilesService } from './files.service';
import { MulterFile, singleFileUpload } from './upload';

/** multer's own errors in French: 413 above 16 MB (§8), 400 for any other multipart fault. */
@Catch()
export class UploadExceptionFilter extends ApiExceptionFilter {
  override catch(error: unknown, host: ArgumentsHost): void {
    if (error instanceof HttpException && !(error instanceof DomainError)) {
      const status = error.getStatus();
      if (status === HttpStatus.PAYLOAD_TOO_LARGE)
        return super.catch(new HttpException({ message: FILE_MESSAGES.tooBig }, status), host);
      if (status === HttpStatus.BAD_REQUEST)
        return super.catch(new DomainError(API_MESSAGES.invalidBody, 'invalid'), host);
    }
    return super.catch(error, host);
  }
}

/** A year: an image id names bytes that never change. */
const IMAGE_CACHE = 'public, max-age=31536000, immutable';

/**
 * Photos and documents (spec §7 "Documents", §3 "Host"); staff only (global guard), and each
 * route under the rule of the file's target (libs/domain files/cache-access.ts, issue 14).
 */
@ApiTags('files')
@Controller('cache')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @Post('upload')
  @ApiConsumes('multipart/form-data')
  @UseFilters(UploadExceptionFilter)
  @UseInterceptors(singleFileUpload())
  async upload(
    @CurrentUser() me: UserRow,
    @Query() query: unknown,
    @Body() body: unknown,
    @UploadedFile() file: MulterFile | undefined,
  ) {
    const { type, target } = validated<UploadQuery>(uploadQuerySchema, { ...(query as object) });
    const fields = validated<UploadFields>(uploadFieldsSchema, { ...(body as object) });
    if (!file) throw new DomainError(FILE_MESSAGES.noFile, 'invalid', { file: 'Obligatoire' });
    const id = await this.files.upload(
      {
        bytes: file.buffer,
        name: file.originalname,
        kind: type,
        target: fields.target ?? target ?? null,
      },
      actorOf(me),
    );
    return { _id: id };
  }

  /**
   * A property photo, without a token: an `<img src>` cannot send one, and photos are the
   * public content of the listings (spec §3 "Host"). Only image uploads of properties are
   * served here (never a document, an attachment or a report, even an image one); ids are
   * unguessable. `.png` is only the path's shape; the real type goes out as Content-Type.
   */
  @Public()
  @Get('image/:file')
  image(@Param('file') name: string, @Res() res: Response): void {
    const id = name.replace(/\.png$/, '');
    if (!isObjectId(id))
      throw new DomainError('Identifiant invalide', 'invalid', { id: 'Invalide' });
    const found = this.files.photo(id);
    if (!found || !isImageType(found.file.mime))
      throw new DomainError(FILE_MESSAGES.notFound, 'notFound');
    res.setHeader('Content-Type', found.file.mime);
    res.setHeader('Cache-Control', IMAGE_CACHE);
    res.setHeader('ETag', `"${found.file.hash}"`);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // Public listing photos: other sites (the public site) may show them in an <img>.
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    if (res.req.headers['if-none-match'] === `"${found.file.hash}"`) {
      res.status(304).end();
      return;
    }
    res.status(200).end(found.bytes);
  }

  /** The files of a target (an article, a prospect, `__reports`…), under the target's read rule. */
  @Get('for/:target')
  listFor(@CurrentUser() me: UserRow, @Param('target') target: string) {
    if (!target || target.length > 200)
      throw new DomainError('Identifiant invalide', 'invalid', { target: 'Invalide' });
    return {
      files: this.files.listFor(target, actorOf(me)).map((file) => ({
        _id: file.id,
        name: file.name,
        size: file.size,
        mime: file.mime,
        createdAt: file.uploadedAt,
        href: `/v1/cache/file/${file.id}`,
      })),
    };
  }

  /** A stored file's bytes, downloaded under its name, under its target's read rule. */
  @Get('file/:id')
  download(@CurrentUser() me: UserRow, @Param('id') id: string, @Res() res: Response): void {
    if (!isObjectId(id))
      throw new DomainError('Identifiant invalide', 'invalid', { id: 'Invalide' });
    const found = this.files.readFor(id, actorOf(me));
    const ascii = found.file.name.normalize('NFD').replace(/[^A-Za-z0-9._-]/g, '_');
    res.setHeader('Content-Type', found.file.mime);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(found.file.name)}`,
    );
    res.status(200).end(found.bytes);
  }

  /** Removes a file (204): its target's rule, and admins or the one who uploaded it. */
  @Delete(':fileId')
  @HttpCode(204)
  async remove(@CurrentUser() me: UserRow, @Param('fileId') fileId: string): Promise<void> {
    if (!isObjectId(fileId))
      throw new DomainError('Identifiant invalide', 'invalid', { fileId: 'Invalide' });
    await this.files.remove(fileId, actorOf(me));
  }
}
