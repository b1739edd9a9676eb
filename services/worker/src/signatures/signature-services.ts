import { concatPdfs, stampSignedDocument } from '@reloc/pdf';
import { PDFDocument } from 'pdf-lib';
import { blobStoreFromEnv } from '../files/files-key';
import { BuiltinSignatureProvider } from './builtin-provider';
import type { SignatureServices } from './signature-jobs';
import { YousignSignatureProvider } from './yousign-provider';

/** Yousign API v3 (RELOC_YOUSIGN_API_URL and RELOC_YOUSIGN_API_KEY); null = built-in only. */
export type YousignAccess = { apiUrl: string; apiKey: string };

export function yousignAccessOf(env: NodeJS.ProcessEnv): YousignAccess | null {
  const apiUrl = env.RELOC_YOUSIGN_API_URL?.trim();
  const apiKey = env.RELOC_YOUSIGN_API_KEY?.trim();
  return apiUrl && apiKey ? { apiUrl, apiKey } : null;
}

/** The providers the signature jobs call: the built-in one (PDF stamping), and Yousign when set. */
export function signatureProviders(yousign: YousignAccess | null): SignatureServices['providers'] {
  return {
    builtin: new BuiltinSignatureProvider(stampSignedDocument),
    ...(yousign
      ? {
          yousign: new YousignSignatureProvider({
            baseUrl: yousign.apiUrl,
            apiKey: yousign.apiKey,
            pageCount: async (pdf) =>
              (await PDFDocument.load(pdf, { ignoreEncryption: true })).getPageCount(),
            concat: concatPdfs,
          }),
        }
      : {}),
  };
}

/**
 * The worker's signature services: the blob store it shares with the api (RELOC_FILES_DIR,
 * RELOC_FILES_KEYS_DIR, RELOC_FILES_KEY, which must be the api's) and the providers.
 */
export function signatureServicesFromEnv(
  env: NodeJS.ProcessEnv,
  defaultDataDir: string,
): SignatureServices {
  return {
    blobs: blobStoreFromEnv(env, defaultDataDir),
    providers: signatureProviders(yousignAccessOf(env)),
  };
}
