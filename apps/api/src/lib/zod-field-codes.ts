import { type FieldCode, type FieldError, type FieldParams, isFieldCode } from '@parley/shared';
import type { FastifyError } from 'fastify';

type Issue = Record<string, unknown>;

const number = (value: unknown) => (typeof value === 'number' ? value : Number(value));
const SIZES = { too_small: 'minimum', too_big: 'maximum' } as const;

/**
 * The code of a zod issue: ours when a contract's rule set one (`params.field`), else a
 * generic code for zod's own check, with the numbers it names.
 */
function codeOf(kind: string, issue: Issue): { code: FieldCode; params: FieldParams } {
  const field = (issue.params as { field?: { code?: unknown; params?: FieldParams } } | undefined)
    ?.field;
  if (field && isFieldCode(field.code)) return { code: field.code, params: field.params ?? {} };
  if (kind === 'too_small' || kind === 'too_big') {
    const key = SIZES[kind];
    const size = number(issue[key]);
    const origin = issue.origin;
    if (kind === 'too_small' && origin === 'string' && size === 1)
      return { code: 'REQUIRED', params: {} };
    const code: FieldCode =
      origin === 'string'
        ? kind === 'too_small'
          ? 'TOO_SHORT'
          : 'TOO_LONG'
        : origin === 'array' || origin === 'set'
          ? kind === 'too_small'
            ? 'TOO_FEW'
            : 'TOO_MANY'
          : kind === 'too_small'
            ? 'TOO_SMALL'
            : 'TOO_BIG';
    return { code, params: Number.isFinite(size) ? { [key]: size } : {} };
  }
  if (kind === 'invalid_type')
    return { code: 'INVALID_TYPE', params: { expected: String(issue.expected ?? '') } };
  if (kind === 'invalid_format')
    return { code: 'INVALID_FORMAT', params: { format: String(issue.format ?? '') } };
  if (kind === 'invalid_value') return { code: 'INVALID_CHOICE', params: {} };
  if (kind === 'unrecognized_keys') return { code: 'UNKNOWN_KEYS', params: {} };
  return { code: 'INVALID', params: {} };
}

/** The field code and params of a zod issue, as `safeParse` reports it. */
export const fieldCodeOf = (issue: { code: string }) => codeOf(issue.code, issue as Issue);

/** Each zod issue of a refused request as a field error, named `body.recipients.2`. */
export function validationFields(error: FastifyError): FieldError[] {
  const where = error.validationContext ?? 'body';
  return (error.validation ?? []).map((v) => ({
    path: [where, ...v.instancePath.split('/').filter(Boolean)].join('.'),
    ...codeOf(v.keyword, (v.params ?? {}) as Issue),
    message: v.message ?? 'is invalid',
  }));
}
