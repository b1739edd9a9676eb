import { API_MESSAGES, DomainError } from '@reloc/domain';
import { validate } from '@reloc/contracts';

/** Validates a body or a query against its shared schema: 400 with French field errors. */
export function validated<T>(schema: object, value: unknown): T {
  const result = validate<T>(schema, value ?? {});
  if (!result.ok) throw new DomainError(API_MESSAGES.invalidBody, 'invalid', result.errors);
  return result.value;
}
