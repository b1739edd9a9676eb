import { FileInterceptor } from '@nestjs/platform-express';
import {
  acceptedUpload,
  DomainError,
  FILE_MESSAGES,
  MAX_UPLOAD_BYTES,
  sniffFileType,
  StoredFileType,
  UploadKind,
} from '@reloc/domain';

/** What multer hands over for the `file` field (memory storage). */
export type MulterFile = { buffer: Buffer; originalname: string; size: number };

/**
 * The multipart `file` field, at most 16 MB (§9): above it multer stops reading and the
 * `UploadExceptionFilter` answers 413 'Le fichier est trop gros (maxi 16Mo)', nothing stored.
 */
export function singleFileUpload() {
  return FileInterceptor('file', {
    // Names are sent in UTF-8 by browsers; busboy's default would read them as latin1.
    defParamCharset: 'utf8',
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024 },
  });
}

/**
 * The type sniffed from the bytes when `kind` accepts it; otherwise the French 400 (an empty
 * upload is 'Aucun fichier reçu'). Called before anything is written.
 */
export function checkedUpload(bytes: Uint8Array, kind: UploadKind): StoredFileType {
  const mime = sniffFileType(bytes);
  const refused = bytes.length ? acceptedUpload(kind, mime) : FILE_MESSAGES.noFile;
  if (refused || !mime) {
    const message = refused ?? FILE_MESSAGES.imagesAndPdf;
    throw new DomainError(message, 'invalid', { file: message });
  }
  return mime;
}
