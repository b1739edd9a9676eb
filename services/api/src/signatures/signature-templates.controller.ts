import {
  ArgumentsHost,
  Body,
  Catch,
  Controller,
  Get,
  HttpException,
  HttpStatus,
  Param,
  Post,
  Put,
  Query,
  Res,
  UploadedFile,
  UseFilters,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  CreateSignatureTemplateFields,
  createSignatureTemplateFieldsSchema,
  SignatureTemplatesQuery,
  signatureTemplatesQuerySchema,
  UpdateSignatureTemplateBody,
  updateSignatureTemplateSchema,
} from '@reloc/contracts';
import { API_MESSAGES, DomainError, MAX_TEMPLATE_BYTES, SIGNATURE_MESSAGES } from '@reloc/domain';
import { actorOf, CurrentUser } from '../auth/current-user';
import { Roles } from '../auth/roles.decorator';
import { ApiExceptionFilter } from '../infrastructure/http/exception.filter';
import { validated } from '../infrastructure/http/validate';
import { UserRow } from '../users/users.read-model';
import { SignatureTemplatesService, templateDto } from './signature-templates.service';
import { SignedLinks } from './signed-links';

type TemplateUpload = { buffer: Buffer; originalname: string; size: number };

/** multer stops reading past 10,000,000 bytes: the spec's French 400, nothing stored. */
@Catch()
export class TemplateUploadExceptionFilter extends ApiExceptionFilter {
  override catch(error: unknown, host: ArgumentsHost): void {
    if (error instanceof HttpException && !(error instanceof DomainError)) {
      const status = error.getStatus();
      if (status === HttpStatus.PAYLOAD_TOO_LARGE)
        return super.catch(
          new DomainError(SIGNATURE_MESSAGES.tooBig, 'invalid', {
            file: SIGNATURE_MESSAGES.tooBig,
          }),
          host,
        );
      if (status === HttpStatus.BAD_REQUEST)
        return super.catch(new DomainError(API_MESSAGES.invalidBody, 'invalid'), host);
    }
    return super.catch(error, host);
  }
}

const DEFAULT_PAGE_SIZE = 100;
const MAX_PAGE_SIZE = 1000;

/** Admin → 'Signature électronique' (§7 "Signature templates"): reads staff, writes admins. */
@ApiTags('signatures')
@Controller('signature-templates')
export class SignatureTemplatesController {
  constructor(
    private readonly templates: SignatureTemplatesService,
    private readonly links: SignedLinks,
  ) {}

  @Get()
  list(@Query() query: unknown, @Res({ passthrough: true }) res: Response) {
    const q = validated<SignatureTemplatesQuery>(signatureTemplatesQuerySchema, {
      ...(query as object),
    });
    const offset = Number(q.offset ?? 0);
    const size = Math.min(Number(q.size ?? DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
    const { items, total } = this.templates.list(offset, size);
    res.setHeader('x-total-count', String(total));
    return items.map(templateDto);
  }

  @Post()
  @Roles('ADMIN', 'SUPERADMIN')
  @ApiConsumes('multipart/form-data')
  @UseFilters(TemplateUploadExceptionFilter)
  @UseInterceptors(
    FileInterceptor('file', {
      defParamCharset: 'utf8',
      limits: { fileSize: MAX_TEMPLATE_BYTES, files: 1, fields: 6, fieldSize: 1024 },
    }),
  )
  async create(
    @CurrentUser() me: UserRow,
    @Body() body: unknown,
    @UploadedFile() file: TemplateUpload | undefined,
  ) {
    const fields = validated<CreateSignatureTemplateFields>(createSignatureTemplateFieldsSchema, {
      ...(body as object),
    });
    const template = await this.templates.create(
      {
        name: fields.name,
        step: fields.step,
        documentType: fields.documentType ?? 'other',
        hasCoRequester: fields.hasCoRequester === 'true',
        file: file ? { bytes: file.buffer, name: file.originalname } : null,
      },
      actorOf(me),
    );
    return templateDto(template);
  }

  @Put(':id')
  @Roles('ADMIN', 'SUPERADMIN')
  async update(@CurrentUser() me: UserRow, @Param('id') id: string, @Body() body: unknown) {
    const fields = validated<UpdateSignatureTemplateBody>(updateSignatureTemplateSchema, body);
    return templateDto(await this.templates.update(id, fields, actorOf(me)));
  }

  @Get(':id/update-template-edition-url')
  @Roles('ADMIN', 'SUPERADMIN')
  editionUrl(@Param('id') id: string) {
    const template = this.templates.find(id);
    if (!template) throw new DomainError(SIGNATURE_MESSAGES.templateNotFound, 'notFound');
    return { url: this.links.fileUrl(template.file.hash, template.file.name) };
  }
}
