import type { SignatureDto, SignatureTemplateDto } from '../types';

export const PROJECT = 'aaaaaaaaaaaaaaaaaaaaaaa1';

export const template = (
  id: string,
  extra: Partial<SignatureTemplateDto> = {},
): SignatureTemplateDto => ({
  _id: id,
  name: `Modèle ${id.slice(-1)}`,
  step: 'engagement',
  documentId: 'doc',
  documentType: 'engagementLetter',
  hasCoRequester: false,
  active: true,
  file: { fileId: 'f1', name: 'engagement.pdf', size: 1000 },
  createdAt: '2025-01-01T00:00:00.000Z',
  ...extra,
});

export const signature = (extra: Partial<SignatureDto> = {}): SignatureDto => ({
  _id: 'b00000000000000000000001',
  step: 'engagement',
  status: 'OPEN',
  transactionId: 'tx-1',
  provider: 'builtin',
  error: false,
  instances: [
    {
      name: 'Marie Durand',
      email: 'marie.durand@example.fr',
      role: 'requester',
      signedAt: null,
      signUrl: 'http://localhost/v1/sign/abc',
    },
  ],
  properties: [],
  createdAt: '2025-02-01T00:00:00.000Z',
  signedAt: null,
  ...extra,
});
