import { integerQuery } from './validator';
import { SIGNATURE_STEPS, TEMPLATE_DOCUMENT_TYPES, TEMPLATE_NAME_MAX } from '@reloc/domain';
import type { SignatureStep, TemplateDocumentType } from '@reloc/domain';

/** GET /signature-templates?offset=&size= (strings of digits: a query). */
export const signatureTemplatesQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    offset: integerQuery(0, 999999999),
    size: integerQuery(0, 9999),
  },
} as const;
export type SignatureTemplatesQuery = { offset?: string; size?: string };

/** POST /signature-templates: the multipart fields beside `file` (all strings). */
export const createSignatureTemplateFieldsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'step'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: TEMPLATE_NAME_MAX },
    step: { type: 'string', enum: [...SIGNATURE_STEPS] },
    documentType: { type: 'string', enum: [...TEMPLATE_DOCUMENT_TYPES] },
    hasCoRequester: { type: 'string', enum: ['true', 'false'] },
  },
} as const;
export type CreateSignatureTemplateFields = {
  name: string;
  step: SignatureStep;
  documentType?: TemplateDocumentType;
  hasCoRequester?: 'true' | 'false';
};

/** PUT /signature-templates/{id}. */
export const updateSignatureTemplateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'step'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: TEMPLATE_NAME_MAX },
    step: { type: 'string', enum: [...SIGNATURE_STEPS] },
    hasCoRequester: { type: 'boolean' },
    active: { type: 'boolean' },
  },
} as const;
export type UpdateSignatureTemplateBody = {
  name: string;
  step: SignatureStep;
  hasCoRequester?: boolean;
  active?: boolean;
};

/** POST /signatures/{projectId} and PUT /signatures/abort/{projectId}. */
export const signatureStepSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['step'],
  properties: { step: { type: 'string', enum: [...SIGNATURE_STEPS] } },
} as const;
export type SignatureStepBody = { step: SignatureStep };

/** POST /sign/{token}: the signing page's form (`consent` is the ticked checkbox). */
export const signFormSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['consent'],
  properties: { consent: { type: 'string', enum: ['on', 'true'] } },
} as const;
export type SignFormBody = { consent: 'on' | 'true' };
