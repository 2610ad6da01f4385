import { z } from 'zod';
import { FIELD_CODES } from '../domain/field-codes.js';

const params = z.record(z.string(), z.union([z.string(), z.number()]));

/**
 * One refused field: where, what (a code of domain/field-codes.ts with its params) and the
 * same in English for API users and logs. The browser translates the code.
 */
export const fieldErrorSchema = z.object({
  path: z.string(),
  code: z.enum(FIELD_CODES),
  params,
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    requestId: z.string(),
    /** What the code's translation names, e.g. `{ country }` of DESTINATION_NOT_SUPPORTED. */
    params: params.optional(),
    fields: z.array(fieldErrorSchema).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
