import type { SignatureStep, TemplateDocumentType } from '@reloc/domain';

export type SignerDto = {
  name: string;
  email: string;
  role: 'requester' | 'coRequester';
  signedAt: string | null;
  /** The built-in provider's signing link (staff only). */
  signUrl?: string;
};

/** The current signature request of a step (contract issue 5). */
export type SignatureDto = {
  _id: string;
  step: SignatureStep;
  status: 'OPEN' | 'ARCHIVED';
  transactionId: string;
  provider: 'builtin' | 'yousign';
  error: boolean;
  instances: SignerDto[];
  properties: string[];
  createdAt: string;
  signedAt: string | null;
};

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

export type TemplateUpdate = Pick<
  SignatureTemplateDto,
  'name' | 'step' | 'hasCoRequester' | 'active'
>;

export type NewTemplate = {
  name: string;
  step: SignatureStep;
  documentType: TemplateDocumentType;
  hasCoRequester: boolean;
  file: File;
};
