import { ERROR_STATUS, type ErrorCode, type ErrorResponse, type FieldError } from '@parley/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
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
): FastifyReply {
  const body: ErrorResponse = {
    error: { code, message, requestId: String(reply.request.id), ...(fields ? { fields } : {}) },
  };
  return reply.code(ERROR_STATUS[code]).type('application/json; charset=utf-8').send(body);
}

function validationFields(error: FastifyError): FieldError[] {
  const where = error.validationContext ?? 'body';
  return (error.validation ?? []).map((v) => ({
    path: [where, ...v.instancePath.split('/').filter(Boolean)].join('.'),
    message: v.message ?? 'is invalid',
  }));
}

/**
 * The one error path: every failure leaves as `{ error: { code, message, requestId } }`.
 * Only errors we raised or Fastify's own client errors show their message; anything
 * else is logged and answered with a generic 500, never a stack trace.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return sendError(reply, error.code, error.message, error.fields);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = validationFields(error);
      const summary = fields.map((f) => `${f.path}: ${f.message}`).join('; ');
      return sendError(reply, 'VALIDATION_FAILED', `Invalid request. ${summary}`, fields);
    }
    const status = error.statusCode ?? 500;
    const code = CODE_BY_STATUS[status];
    if (status >= 400 && status < 500 && code) {
      request.log.info({ err: error }, 'client error');
      return sendError(reply, code, error.message);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 'INTERNAL', 'Something went wrong on our side. Please try again.');
  });
}

export function apiNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0];
  return sendError(reply, 'NOT_FOUND', `No such endpoint: ${request.method} ${path}`);
}
