import type { z } from 'zod';
import type { FieldCode, FieldParams, FieldProblem } from '../domain/field-codes.js';

/**
 * The English of the field codes our own rules answer, for API users and logs. The
 * browser never shows these: it translates the code (fieldErrors.<CODE>). `{name}` is
 * replaced by the param of that name.
 */
const ENGLISH: Partial<Record<FieldCode, string>> = {
  SENDER_ID_REQUIRED: 'Sender ID is required',
  SENDER_ID_CHARACTERS: 'Sender ID may use letters, digits, spaces and . & + -',
  SENDER_ID_TOO_LONG: 'Sender ID must be {max} characters or less',
  SENDER_NUMERIC_TOO_LONG: 'A numeric sender ID has at most {max} digits',
  SENDER_REASON_TOO_SHORT: 'Say in at least {min} characters what it is for',
  SENDER_REASON_TOO_LONG: 'At most {max} characters',
  RECIPIENT_REQUIRED: 'Recipient is required',
  RECIPIENT_INVALID: 'Invalid phone number format',
  MESSAGE_REQUIRED: 'Message is required',
  MESSAGE_TOO_LONG: 'Message must be {max} characters or less',
  PASSWORD_TOO_SHORT: 'Password must be at least {min} characters',
  PASSWORDS_DIFFER: 'Passwords do not match',
  PASSWORD_UNCHANGED: 'Choose a password different from the current one',
  CALLER_ID_REQUIRED: 'Caller ID is required',
  CALLER_ID_INVALID: 'Invalid caller ID format',
  DESTINATION_REQUIRED: 'Destination is required',
  DESTINATION_INVALID: 'Invalid destination format',
  CODE_INVALID: 'Enter the 6-digit code',
  IP_NOT_PUBLIC: 'Each allowed address must be a public address',
  IP_RANGE_INVALID: 'Enter an IP address or a range such as 81.2.69.0/24',
  IP_RESERVED: "This is Parley's own address or its carrier's",
  IP_TAKEN: "This address is part of another trunk's",
  IP_OVERLAPS: 'This overlaps another address in the list',
  IP_RANGE_TOO_WIDE: 'A range may be at most /{prefix}',
  PBX_HOST_INVALID: 'Enter a host name or IP address, with an optional :port',
  MAIL_DOMAIN_REQUIRED: 'Domain is required',
  MAIL_DOMAIN_INVALID: 'Enter a domain name such as example.com',
  MAIL_DOMAIN_EXISTS: 'You have added this domain already',
  MAIL_DOMAIN_TAKEN: 'Another account sends from this domain',
  TRUNK_CALLER_ID_NOT_OWNED: 'Choose one of your numbers',
  TRUNK_CHANNELS_OVER_PACKAGE: 'Your package allows at most {max}',
  REQUIRED: 'This field is required',
  TOO_BIG: 'Must be at most {maximum}',
  TOO_SMALL: 'Must be at least {minimum}',
  AMOUNT_INVALID: 'Enter a positive amount with at most two decimals',
  AMOUNT_TOO_LARGE: 'At most {max}',
  LIMIT_AMOUNT_INVALID: 'Enter an amount of 0 or more with at most four decimals',
  COUNTRY_UNKNOWN: '{country} is not an ISO 3166-1 alpha-2 country code',
  COUNTRIES_EMPTY: 'Choose at least one country, or allow all countries',
};

/** A field problem in English. */
export function fieldText(problem: FieldProblem): string {
  const template = ENGLISH[problem.code] ?? 'Invalid value';
  return template.replace(/\{(\w+)\}/g, (all, name: string) =>
    String(problem.params?.[name] ?? all),
  );
}

/**
 * The zod issue of a field problem: its English as the message, the code and params
 * under `params.field`, where the API's error handler reads them.
 */
export function fieldIssue(problem: FieldProblem, path?: PropertyKey[]) {
  const field: { code: FieldCode; params: FieldParams } = {
    code: problem.code,
    params: problem.params ?? {},
  };
  return {
    code: 'custom' as const,
    message: fieldText(problem),
    params: { field },
    ...(path ? { path } : {}),
  };
}

/** A superRefine that reports what a domain rule finds wrong with the value. */
export const rule =
  <T>(problemOf: (value: T) => FieldProblem | null, path?: PropertyKey[]) =>
  (value: T, ctx: z.RefinementCtx<T>) => {
    const problem = problemOf(value);
    if (problem) ctx.addIssue(fieldIssue(problem, path));
  };
