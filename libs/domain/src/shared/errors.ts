/**
 * What went wrong, in terms the API maps to HTTP: `invalid` 400, `unauthorized` 401, `forbidden` 403,
 * `notFound` 404, `conflict` 409, `tooMany` 429. `message` is the spec's code or French text.
 */
export type DomainErrorKind =
  'invalid' | 'unauthorized' | 'forbidden' | 'notFound' | 'conflict' | 'tooMany';

export class DomainError extends Error {
  constructor(
    message: string,
    readonly kind: DomainErrorKind = 'invalid',
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
