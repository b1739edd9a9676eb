import { Inject, Injectable } from '@nestjs/common';
import type Database from 'better-sqlite3';
import {
  checkTemplateFields,
  DomainError,
  isObjectId,
  newObjectId,
  SIGNATURE_MESSAGES,
  SignatureStep,
  SignatureTemplate,
  signatureTemplateDecider,
  signatureTemplateStream,
  sniffFileType,
  TemplateDocumentType,
  templateFileProblem,
} from '@reloc/domain';
import { Actor, CommandExecutor } from '../infrastructure/command-executor';
import { READ_DB } from '../infrastructure/tokens';
import { FilesService } from '../files/files.service';

/** The template as the API shows it (the blob hash and the revision stay inside). */
export type SignatureTemplateDto = {
  _id: string;
  name: string;
  step: SignatureStep;
  documentId: string;
  documentType: TemplateDocumentType;
  hasCoRequester: boolean;
  active: boolean;
  file: { fileId: string; name: string; size: number };
  createdAt: string;
};

export function templateDto(t: SignatureTemplate): SignatureTemplateDto {
  return {
    _id: t._id,
    name: t.name,
    step: t.step,
    documentId: t.documentId,
    documentType: t.documentType,
    hasCoRequester: t.hasCoRequester,
    active: t.active,
    file: { fileId: t.file.fileId, name: t.file.name, size: t.file.size },
    createdAt: t.createdAt,
  };
}

export type NewTemplate = {
  name: string;
  step: SignatureStep;
  documentType: TemplateDocumentType;
  hasCoRequester: boolean;
  file: { bytes: Uint8Array; name: string } | null;
};

/** Signature templates (Admin → 'Signature électronique'): PDFs kept in the blob store. */
@Injectable()
export class SignatureTemplatesService {
  constructor(
    @Inject(READ_DB) private readonly db: Database.Database,
    private readonly executor: CommandExecutor,
    private readonly files: FilesService,
  ) {}

  list(offset: number, size: number): { items: SignatureTemplate[]; total: number } {
    const total = this.db
      .prepare('SELECT COUNT(*) FROM signature_templates')
      .pluck()
      .get() as number;
    const docs = this.db
      .prepare(
        'SELECT doc FROM signature_templates ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?',
      )
      .pluck()
      .all(size, offset) as string[];
    return { items: docs.map((doc) => JSON.parse(doc) as SignatureTemplate), total };
  }

  find(id: string): SignatureTemplate | null {
    if (!isObjectId(id)) return null;
    const raw = this.db
      .prepare('SELECT doc FROM signature_templates WHERE id = ?')
      .pluck()
      .get(id) as string | undefined;
    return raw ? (JSON.parse(raw) as SignatureTemplate) : null;
  }

  /** The active template of a step; the latest created when several are. */
  activeFor(step: SignatureStep): SignatureTemplate | null {
    const raw = this.db
      .prepare(
        `SELECT doc FROM signature_templates WHERE step = ? AND active = 1
         ORDER BY created_at DESC, id DESC LIMIT 1`,
      )
      .pluck()
      .get(step) as string | undefined;
    return raw ? (JSON.parse(raw) as SignatureTemplate) : null;
  }

  /** Every rule is checked before a byte or an event is written (no partial write). */
  async create(input: NewTemplate, actor: Actor): Promise<SignatureTemplate> {
    checkTemplateFields(input);
    const bytes = input.file?.bytes ?? null;
    const problem = templateFileProblem(
      bytes ? { size: bytes.length, mime: sniffFileType(bytes) } : null,
    );
    if (problem) throw new DomainError(problem, 'invalid', { file: problem });
    const templateId = newObjectId();
    const fileId = await this.files.store(
      { bytes: bytes as Uint8Array, name: input.file!.name, kind: 'files', target: templateId },
      actor,
    );
    const stored = this.files.find(fileId);
    if (!stored) throw new Error('stored file not projected');
    const { state } = await this.executor.execute(
      signatureTemplateStream(templateId),
      signatureTemplateDecider,
      {
        type: 'CreateSignatureTemplate',
        templateId,
        name: input.name,
        step: input.step,
        documentType: input.documentType,
        hasCoRequester: input.hasCoRequester,
        file: { fileId, name: stored.name, size: stored.size, hash: stored.hash },
        at: new Date().toISOString(),
      },
      { actor },
    );
    return state;
  }

  async update(
    id: string,
    body: { name: string; step: SignatureStep; hasCoRequester?: boolean; active?: boolean },
    actor: Actor,
  ): Promise<SignatureTemplate> {
    const current = this.find(id);
    if (!current) throw new DomainError(SIGNATURE_MESSAGES.templateNotFound, 'notFound');
    const { state } = await this.executor.execute(
      signatureTemplateStream(id),
      signatureTemplateDecider,
      {
        type: 'UpdateSignatureTemplate',
        name: body.name,
        step: body.step,
        hasCoRequester: body.hasCoRequester ?? current.hasCoRequester,
        active: body.active ?? current.active,
        at: new Date().toISOString(),
      },
      { actor },
    );
    return state;
  }

  /** The template's PDF bytes (the blob may be missing from a copied data folder). */
  bytesOf(template: SignatureTemplate): Buffer | null {
    return this.files.blobs.get(template.file.hash);
  }
}
