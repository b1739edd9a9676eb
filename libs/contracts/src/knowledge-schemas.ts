/**
 * POST /kbitem and PUT /kbitem/{id}: a title and rich HTML content. The title is checked by the
 * decider, so that a missing or blank one answers 'Le titre est obligatoire' (§5, §8).
 */
export const kbItemSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    title: { type: 'string', maxLength: 200 },
    content: { type: 'string', maxLength: 200000 },
  },
} as const;
export type KbItemBody = { title?: string; content?: string };
