import Ajv, { ErrorObject, JSONSchemaType, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { currentFilterYear, MESSAGES } from '@reloc/domain';

/** One ajv instance for the API and the console: same schemas, same French messages. */
export const ajv = new Ajv({
  allErrors: true,
  strict: true,
  coerceTypes: false,
  useDefaults: false,
});
addFormats(ajv, ['email', 'date-time', 'date', 'uri']);

/**
 * `notAfterCurrentYear: true`: a year no later than the current one, read from the clock at
 * each validation (issue 15 point 12), not frozen in the schema when it was written.
 */
ajv.addKeyword({
  keyword: 'notAfterCurrentYear',
  type: 'number',
  schemaType: 'boolean',
  validate: (enabled: boolean, year: number) => !enabled || year <= currentFilterYear(),
});

type Bounds = { minimum?: number; maximum?: number };
type IntegerStringCheck = ((bounds: Bounds, value: string) => boolean) & {
  errors?: Partial<ErrorObject>[];
};

/**
 * `integerString: {minimum, maximum}`: a query string holding an integer within bounds. Its
 * error names the rule that failed (issue 15 point 14): `page=-1` says the minimum, `page=x`
 * that an integer is expected, instead of one generic pattern message for all three.
 */
const integerString: IntegerStringCheck = (bounds, value) => {
  const fail = (rule: 'integer' | 'minimum' | 'maximum', limit?: number) => {
    integerString.errors = [{ keyword: 'integerString', params: { rule, limit } }];
    return false;
  };
  if (!/^-?\d{1,15}$/.test(value)) return fail('integer');
  const n = Number(value);
  if (bounds.minimum !== undefined && n < bounds.minimum) return fail('minimum', bounds.minimum);
  if (bounds.maximum !== undefined && n > bounds.maximum) return fail('maximum', bounds.maximum);
  return true;
};
ajv.addKeyword({
  keyword: 'integerString',
  type: 'string',
  schemaType: 'object',
  errors: true,
  validate: integerString,
});

/** A query parameter holding an integer from `minimum` to `maximum` (query values are strings). */
export const integerQuery = (minimum: number, maximum: number) =>
  ({ type: 'string', integerString: { minimum, maximum } }) as const;

export type ValidationResult<T> =
  { ok: true; value: T } | { ok: false; errors: Record<string, string> };

function fieldOf(error: ErrorObject): string {
  const base = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return base ? `${base}.${missing}` : missing;
  }
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params as { additionalProperty: string }).additionalProperty;
    return base ? `${base}.${extra}` : extra;
  }
  return base || '(corps)';
}

function messageOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return MESSAGES.required;
    case 'additionalProperties':
      return MESSAGES.unknownField;
    case 'format':
      return params.format === 'email' ? MESSAGES.email : MESSAGES.invalid;
    case 'minLength':
      return Number(params.limit) === 1
        ? MESSAGES.required
        : MESSAGES.minLength(Number(params.limit));
    case 'maxLength':
      return MESSAGES.maxLength(Number(params.limit));
    case 'type':
      if (params.type === 'integer') return MESSAGES.integer;
      if (params.type === 'number') return MESSAGES.number;
      return `${MESSAGES.invalid} (type attendu : ${String(params.type)})`;
    case 'minimum':
      return MESSAGES.minValue(Number(params.limit));
    case 'maximum':
      return MESSAGES.maxValue(Number(params.limit));
    case 'integerString':
      if (params.rule === 'minimum') return MESSAGES.minValue(Number(params.limit));
      if (params.rule === 'maximum') return MESSAGES.maxValue(Number(params.limit));
      return MESSAGES.integer;
    case 'exclusiveMinimum':
      return MESSAGES.greaterThan(Number(params.limit));
    case 'exclusiveMaximum':
      return MESSAGES.lessThan(Number(params.limit));
    case 'minItems':
      return MESSAGES.minItems(Number(params.limit));
    case 'maxItems':
      return MESSAGES.maxItems(Number(params.limit));
    case 'notAfterCurrentYear':
      return MESSAGES.maxValue(currentFilterYear());
    default:
      return MESSAGES.invalid;
  }
}

/** French field errors keyed by dotted path, the first error of each field only. */
export function toFieldErrors(errors: ErrorObject[] | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of errors ?? []) {
    const field = fieldOf(error);
    if (!(field in out)) out[field] = messageOf(error);
  }
  return out;
}

const compiled = new WeakMap<object, ValidateFunction>();

export function validate<T>(
  schema: JSONSchemaType<T> | object,
  value: unknown,
): ValidationResult<T> {
  let fn = compiled.get(schema);
  if (!fn) {
    fn = ajv.compile(schema);
    compiled.set(schema, fn);
  }
  if (fn(value)) return { ok: true, value: value as T };
  return { ok: false, errors: toFieldErrors(fn.errors) };
}
