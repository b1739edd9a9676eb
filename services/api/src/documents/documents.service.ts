import { Inject, Injectable } from '@nestjs/common';
import type { CreateDocumentBody, MergeDocumentsBody } from '@reloc/contracts';
import {
  DOCUMENT_IDS_PER_COMMAND,
  DOCUMENT_MESSAGES,
  DocumentFile,
  DocumentReadiness,
  DocumentsCommand,
  documentsDecider,
  documentReadiness,
  DomainError,
  expectedFileCount,
  FILE_MESSAGES,
  filesOf,
  isObjectId,
  MAX_UPLOAD_BYTES,
  MERGED_DOCUMENT_TITLE,
  newObjectId,
  orderedDocuments,
  Project,
  PROJECT_MESSAGES,
  ProjectDocument,
  ProjectDocuments,
  DocumentPack,
  requireFileEditable,
} from '@reloc/domain';
import { mergeToPdf, UnreadablePdfError } from '@reloc/pdf';
import { EncryptedBlobStore } from '@reloc/worker';
import { BLOB_STORE, withNewBlob } from '../files/blob-store';
import { checkedUpload } from '../files/upload';
import { Actor, CommandExecutor } from '../infrastructure/command-executor';
import { ProjectsReadModel } from '../projects/projects.read-model';
import { DocumentsReadModel } from './documents.read-model';
import { distinctNames, zipStore } from './zip';

/** A file as the console reads it: no blob hash, no storage detail. */
export type DriveFileDto = Omit<DocumentFile, 'hash' | 'encrypted'>;

export type DocumentDto = Omit<ProjectDocument, 'files'> & {
  expectedFiles: number;
  driveId: DriveFileDto[];
};

export function toDocumentDto(document: ProjectDocument): DocumentDto {
  const { files, ...rest } = document;
  return {
    ...rest,
    expectedFiles: document.type === 'folder' ? 0 : expectedFileCount(document.documentType),
    driveId: files.map(({ hash: _hash, encrypted: _encrypted, ...file }) => file),
  };
}

export const documentsStream = (projectId: string) => `documents-${projectId}`;

export type Download = { bytes: Buffer; fileName: string; contentType: string };

const freshIds = () => Array.from({ length: DOCUMENT_IDS_PER_COMMAND }, () => newObjectId());

/**
 * The documents of a project (spec §2 "Documents tab", §7 "Documents and signatures"): one
 * `documents-<projectId>` stream, its default folders written before any other change, the
 * uploaded bytes (and merged PDFs) in the encrypted blob store before the event that names
 * them. Every document is encrypted at rest, whatever the request says (issue 14); removing a
 * file or a document lets its blob go, and the eraser removes its key and bytes.
 */
@Injectable()
export class DocumentsService {
  constructor(
    @Inject(BLOB_STORE) private readonly blobs: EncryptedBlobStore,
    private readonly executor: CommandExecutor,
    private readonly documents: DocumentsReadModel,
    private readonly projects: ProjectsReadModel,
  ) {}

  /** 400 for a malformed id, 404 'Introuvable' for an unknown (or deleted) project. */
  requireProject(projectId: string): Project {
    if (!isObjectId(projectId))
      throw new DomainError('Identifiant invalide', 'invalid', { projectId: 'Invalide' });
    const project = this.projects.findById(projectId);
    if (!project) throw new DomainError(PROJECT_MESSAGES.notFound, 'notFound');
    return project;
  }

  /** The commands as one decision, after the default folders (created once, idempotent). */
  private async run(
    projectId: string,
    actor: Actor,
    commands: DocumentsCommand[],
  ): Promise<ProjectDocuments> {
    const at = new Date().toISOString();
    // Opening (default folders) is a read; any change is refused on a locked file (issue 15).
    if (commands.length) requireFileEditable(this.requireProject(projectId), actor.role);
    const result = await this.executor.executeAll(
      documentsStream(projectId),
      documentsDecider,
      [{ type: 'EnsureDefaultFolders', projectId, ids: freshIds(), at }, ...commands],
      { actor },
    );
    return result.state;
  }

  /** The projected documents, opening them (default folders) on the first read. */
  async opened(projectId: string, actor: Actor): Promise<ProjectDocuments> {
    this.requireProject(projectId);
    const found = this.documents.find(projectId);
    if (found?.opened) return found;
    return this.run(projectId, actor, []);
  }

  async list(projectId: string, actor: Actor): Promise<DocumentDto[]> {
    const state = await this.opened(projectId, actor);
    return orderedDocuments(state.documents).map(toDocumentDto);
  }

  async readiness(projectId: string, actor: Actor): Promise<DocumentReadiness> {
    const state = await this.opened(projectId, actor);
    return documentReadiness(state.documents, state.overridden);
  }

  async setOverride(projectId: string, override: boolean, actor: Actor) {
    this.requireProject(projectId);
    const state = await this.run(projectId, actor, [
      { type: 'SetDocumentsOverride', override, by: actor.trigram, at: new Date().toISOString() },
    ]);
    return documentReadiness(state.documents, state.overridden);
  }

  private static found(state: ProjectDocuments, documentId: string): ProjectDocument {
    const document = state.documents.find((d) => d._id === documentId);
    if (!document) throw new DomainError(DOCUMENT_MESSAGES.notFound, 'notFound');
    return document;
  }

  async create(projectId: string, body: CreateDocumentBody, actor: Actor): Promise<DocumentDto> {
    this.requireProject(projectId);
    const documentId = newObjectId();
    const at = new Date().toISOString();
    const command: DocumentsCommand =
      body.type === 'folder'
        ? { type: 'CreateFolder', projectId, documentId, name: body.name, at }
        : {
            type: 'CreateFile',
            projectId,
            documentId,
            folderId: body.folderId ?? null,
            name: body.name,
            documentType: body.documentType ?? null,
            // `body.encrypted` is accepted for the older clients and ignored: every document is.
            at,
          };
    const state = await this.run(projectId, actor, [command]);
    return toDocumentDto(DocumentsService.found(state, documentId));
  }

  async setPack(projectId: string, folderId: string, pack: DocumentPack, actor: Actor) {
    this.requireProject(projectId);
    const state = await this.run(projectId, actor, [
      { type: 'SetFolderPack', folderId, pack, ids: freshIds(), at: new Date().toISOString() },
    ]);
    return toDocumentDto(DocumentsService.found(state, folderId));
  }

  /** The plain bytes of a file (the store reads the former clear and 'RLE1' blobs too). */
  readFile(file: DocumentFile): Buffer {
    const bytes = this.blobs.get(file.hash);
    if (!bytes) throw new DomainError(DOCUMENT_MESSAGES.fileNotFound, 'notFound');
    return bytes;
  }

  /**
   * An upload on a document: sniffed (images and PDF only), written to the blob store, then
   * the event naming it. On a folder (the drop zone), a new 'autres' document receives it.
   */
  async upload(
    projectId: string,
    documentId: string,
    upload: { bytes: Buffer; name: string },
    actor: Actor,
  ): Promise<DocumentDto> {
    requireFileEditable(this.requireProject(projectId), actor.role);
    const mime = checkedUpload(upload.bytes, 'files');
    const state = await this.opened(projectId, actor);
    const target = DocumentsService.found(state, documentId);
    const at = new Date().toISOString();
    const commands: DocumentsCommand[] = [];
    let fileDocumentId = target._id;
    if (target.type === 'folder') {
      fileDocumentId = newObjectId();
      commands.push({
        type: 'CreateFile',
        projectId,
        documentId: fileDocumentId,
        folderId: target._id,
        name: upload.name,
        documentType: 'autres',
        at,
      });
    }
    const after = await withNewBlob(this.blobs, upload.bytes, (hash) =>
      this.run(projectId, actor, [
        ...commands,
        {
          type: 'AttachFile',
          documentId: fileDocumentId,
          file: {
            fileId: newObjectId(),
            name: upload.name,
            mime,
            size: upload.bytes.length,
            uploadedAt: at,
            uploader: actor.trigram,
            hash,
            encrypted: true,
          },
          at,
        },
      ]),
    );
    return toDocumentDto(DocumentsService.found(after, fileDocumentId));
  }

  async remove(
    projectId: string,
    documentId: string,
    options: { fileOnly: boolean; fileId: string | null },
    actor: Actor,
  ): Promise<void> {
    this.requireProject(projectId);
    const at = new Date().toISOString();
    await this.run(projectId, actor, [
      options.fileOnly
        ? { type: 'RemoveFiles', documentId, fileId: options.fileId, at }
        : { type: 'RemoveDocument', documentId, at },
    ]);
  }

  private static async merged(inputs: { name: string; mime: string; bytes: Buffer }[]) {
    try {
      return Buffer.from(await mergeToPdf(inputs));
    } catch (error) {
      if (error instanceof UnreadablePdfError)
        throw new DomainError(DOCUMENT_MESSAGES.unreadablePdf, 'invalid');
      throw error;
    }
  }

  /** A document's files (a folder: all of its documents'), as one PDF or a zip of originals. */
  async download(
    projectId: string,
    documentId: string,
    format: 'pdf' | 'zip',
    actor: Actor,
    fileId?: string,
  ): Promise<Download> {
    const state = await this.opened(projectId, actor);
    const document = DocumentsService.found(state, documentId);
    const files = filesOf(state.documents, document).filter(
      (file) => !fileId || file.fileId === fileId,
    );
    if (!files.length) throw new DomainError(DOCUMENT_MESSAGES.noFiles, 'notFound');
    const inputs = files.map((file) => ({ ...file, bytes: this.readFile(file) }));
    if (format === 'zip') {
      const names = distinctNames(inputs.map((file) => file.name));
      return {
        bytes: zipStore(
          inputs.map((file, i) => ({
            name: names[i],
            bytes: file.bytes,
            date: new Date(file.uploadedAt),
          })),
        ),
        fileName: `${document.title}.zip`,
        contentType: 'application/zip',
      };
    }
    // One PDF is sent as uploaded; anything else is merged (images become pages).
    const bytes =
      inputs.length === 1 && inputs[0].mime === 'application/pdf'
        ? inputs[0].bytes
        : await DocumentsService.merged(inputs);
    return { bytes, fileName: `${document.title}.pdf`, contentType: 'application/pdf' };
  }

  /**
   * `_merge`: the files of the documents, in the order given, as one PDF in a new 'full'
   * document of the first one's folder (encrypted, like every document).
   */
  async merge(projectId: string, body: MergeDocumentsBody, actor: Actor): Promise<DocumentDto> {
    requireFileEditable(this.requireProject(projectId), actor.role);
    const state = await this.opened(projectId, actor);
    const sources = [...new Set(body.documentsId)].map((id) => DocumentsService.found(state, id));
    const files = sources.flatMap((source) => filesOf(state.documents, source));
    if (!files.length) throw new DomainError(DOCUMENT_MESSAGES.nothingToMerge, 'invalid');
    const bytes = await DocumentsService.merged(
      files.map((file) => ({ name: file.name, mime: file.mime, bytes: this.readFile(file) })),
    );
    if (bytes.length > MAX_UPLOAD_BYTES) throw new DomainError(FILE_MESSAGES.tooBig, 'invalid');
    const first = sources[0];
    const folderId = first.type === 'folder' ? first._id : first.parentFolder;
    const title = body.name?.trim() || MERGED_DOCUMENT_TITLE;
    const documentId = newObjectId();
    const at = new Date().toISOString();
    const after = await withNewBlob(this.blobs, bytes, (hash) =>
      this.run(projectId, actor, [
        {
          type: 'CreateFile',
          projectId,
          documentId,
          folderId,
          name: title,
          documentType: 'full',
          generated: true,
          at,
        },
        {
          type: 'AttachFile',
          documentId,
          file: {
            fileId: newObjectId(),
            name: `${title}.pdf`,
            mime: 'application/pdf',
            size: bytes.length,
            uploadedAt: at,
            uploader: actor.trigram,
            hash,
            encrypted: true,
          },
          at,
        },
      ]),
    );
    return toDocumentDto(DocumentsService.found(after, documentId));
  }
}
