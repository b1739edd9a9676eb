import type { DocumentType } from '@reloc/domain';
import type { DocumentDto, DriveFile, Readiness } from '../types';

export type Call = {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** Parsed JSON, or the FormData as sent. */
  body: unknown;
};
export type Reply = {
  status: number;
  body?: unknown;
  /** A binary answer (a PDF…) instead of JSON. */
  bytes?: Uint8Array;
  headers?: Record<string, string>;
};

/** A scripted `fetch` at the HTTP boundary answering real `Response`s (JSON or bytes). */
export function serveApi(handler: (call: Call) => Reply | Promise<Reply>): Call[] {
  const calls: Call[] = [];
  const fetchStub = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const raw = init.body;
    const call: Call = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof raw === 'string' ? JSON.parse(raw) : raw,
    };
    calls.push(call);
    const reply = await handler(call);
    if (reply.bytes)
      return new Response(reply.bytes as BodyInit, {
        status: reply.status,
        headers: { 'content-type': 'application/pdf', ...reply.headers },
      });
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  Object.defineProperty(window, 'fetch', { value: fetchStub, configurable: true, writable: true });
  return calls;
}

export const PROJECT = 'aaaaaaaaaaaaaaaaaaaaaaa1';
export const LOCATIF = 'f00000000000000000000001';
export const GARANT = 'f00000000000000000000002';

let counter = 0;
const nextId = () => (++counter).toString(16).padStart(24, 'd');

export const driveFile = (name: string, extra: Partial<DriveFile> = {}): DriveFile => ({
  fileId: nextId(),
  name,
  mime: 'application/pdf',
  size: 120_000,
  uploadedAt: '2025-03-04T10:00:00.000Z',
  uploader: 'CMA',
  ...extra,
});

export const folder = (id: string, title: string, pack: DocumentDto['pack']): DocumentDto => ({
  _id: id,
  type: 'folder',
  title,
  parentFolder: null,
  leaseId: PROJECT,
  documentType: null,
  pack,
  required: false,
  expectedFiles: 0,
  driveId: [],
  meta: { encrypted: false },
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
});

export const slot = (
  id: string,
  folderId: string,
  documentType: DocumentType,
  files: DriveFile[] = [],
  extra: Partial<DocumentDto> = {},
): DocumentDto => ({
  ...folder(id, documentType, null),
  type: 'file',
  parentFolder: folderId,
  documentType,
  required: true,
  expectedFiles: documentType === 'wages' ? 3 : documentType === 'impots' ? 2 : 1,
  driveId: files,
  ...extra,
});

export const WAGES = 'e00000000000000000000001';
export const IDENTITY = 'e00000000000000000000002';
export const G_IDENTITY = 'e00000000000000000000003';

/** 'Dossier Locatif' (wages with one payslip, identity complete) and 'Dossier Garant'. */
export const defaultDocuments = (): DocumentDto[] => [
  folder(LOCATIF, 'Dossier Locatif', 'Locataire'),
  slot(IDENTITY, LOCATIF, 'identity', [driveFile('cni.pdf')]),
  slot(WAGES, LOCATIF, 'wages', [driveFile('bulletin-janvier.pdf')]),
  folder(GARANT, 'Dossier Garant', 'Garant physique'),
  slot(G_IDENTITY, GARANT, 'identity'),
];

export const incomplete = (overridden = false): Readiness => ({
  status: overridden ? 'incomplete-submission' : 'incomplete',
  missing: [
    {
      documentId: WAGES,
      folder: 'Dossier Locatif',
      documentType: 'wages',
      label: '3 derniers bulletins de salaire',
      missingFiles: 2,
    },
    {
      documentId: G_IDENTITY,
      folder: 'Dossier Garant',
      documentType: 'identity',
      label: "Pièce d'identité",
      missingFiles: 1,
    },
  ],
  overridden,
});

export const READY: Readiness = { status: 'ok', missing: [], overridden: false };

/** The paths of the documents API of the test project. */
export const docsPath = `/v1/documents/for/${PROJECT}`;
