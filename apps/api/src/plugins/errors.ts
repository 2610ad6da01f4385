import {
  ERROR_STATUS,
  type ErrorCode,
  type ErrorResponse,
  type FieldError,
  type FieldParams,
} from '@parley/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';
import { validationFields } from '../lib/zod-field-codes.js';
import { maskText, safeError } from './log-safety.js';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  fields?: FieldError[],
  params?: FieldParams,
): FastifyReply {
  const body: ErrorResponse = {
    error: {
      code,
      message,
      requestId: String(reply.request.id),
      ...(params ? { params } : {}),
      ...(fields ? { fields } : {}),
    },
  };
  return reply.code(ERROR_STATUS[code]).type('application/json; charset=utf-8').send(body);
}

/** Fastify's own client errors (bad JSON, body too large…) have FST_ codes and safe messages. */
function isFastifyClientError(error: unknown): error is FastifyError {
  const e = error as Partial<FastifyError> | null;
  return (
    typeof e?.code === 'string' &&
    e.code.startsWith('FST_') &&
    typeof e.statusCode === 'number' &&
    e.statusCode >= 400 &&
    e.statusCode < 500
  );
}

/**
 * SQLSTATEs of a database that could not answer in time or take one more connection: a
 * statement cancelled by DATABASE_STATEMENT_TIMEOUT (57014), too many connections (53300),
 * a server starting or shutting down (57P03). The same request may well work moments later.
 */
const BUSY_SQLSTATES = new Set(['57014', '53300', '57P03']);
function isDatabaseBusy(error: unknown): boolean {
  // Drizzle wraps the driver's error (its `cause`) in its own.
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return [e?.code, e?.cause?.code].some((c) => typeof c === 'string' && BUSY_SQLSTATES.has(c));
}

/**
 * What of an unexpected error goes to the log: its type, masked message, SQL text (a
 * failed query's parameters and the database's `detail` never), SQLSTATE and stack
 * frames (plugins/log-safety.ts). A thrown non-Error is described by its text.
 */
export function loggable(error: unknown): unknown {
  if (error !== null && typeof error === 'object' && 'message' in error) return safeError(error);
  return { message: maskText(String(error)) };
}

/**
 * The one error path: every failure leaves as `{ error: { code, message, requestId } }`.
 * Only our AppErrors and Fastify's own client errors show their message; anything
 * else (including a thrown non-Error) is logged and answered with a generic 500.
 */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.statusCode >= 500)
      request.log.error({ err: loggable(error), cause: loggable(error.cause) }, error.message);
    if (error.headers) reply.headers(error.headers);
    return sendError(reply, error.code, error.message, error.fields, error.params);
  }
  if (error instanceof Error && hasZodFastifySchemaValidationErrors(error)) {
    const fields = validationFields(error as FastifyError);
    const summary = fields.map((f) => `${f.path}: ${f.message}`).join('; ');
    return sendError(reply, 'VALIDATION_FAILED', `Invalid request. ${summary}`, fields);
  }
  if (isFastifyClientError(error)) {
    request.log.info({ err: loggable(error) }, 'client error');
    return sendError(
      reply,
      CODE_BY_STATUS[error.statusCode ?? 400] ?? 'BAD_REQUEST',
      error.message,
    );
  }
  if (isDatabaseBusy(error)) {
    // An error in the log: a statement that always runs out of time is a bug to fix.
    request.log.error({ err: loggable(error) }, 'database too busy to answer');
    reply.header('retry-after', '5');
    return sendError(reply, 'SERVICE_UNAVAILABLE', 'We are busy right now. Please try again.');
  }
  request.log.error({ err: loggable(error) }, 'unhandled error');
  return sendError(reply, 'INTERNAL', 'Something went wrong on our side. Please try again.');
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}

export function apiNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0];
  return sendError(reply, 'NOT_FOUND', `No such endpoint: ${request.method} ${path}`);
}
