import { UPLOAD_KINDS } from '@reloc/domain';

/**
 * POST /cache/upload?type=image|files: the query, and the multipart fields beside `file`
 * (an optional `target`, what the file is for). The bytes themselves are checked by the API.
 */
export const uploadQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { type: 'string', enum: [...UPLOAD_KINDS] },
    target: { type: 'string', maxLength: 200 },
  },
} as const;
export type UploadQuery = { type: (typeof UPLOAD_KINDS)[number]; target?: string };

export const uploadFieldsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { target: { type: 'string', maxLength: 200 } },
} as const;
export type UploadFields = { target?: string };

/** GET /proposals/lease/{id}/pdf/proposals?liked=true|false. */
export const proposalsPdfQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { liked: { type: 'string', enum: ['true', 'false'] } },
} as const;
export type ProposalsPdfQuery = { liked?: 'true' | 'false' };
