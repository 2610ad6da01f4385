import { ERROR_STATUS, type ErrorCode, type FieldError } from '@parley/shared';

/** The one error type services throw; the error handler turns it into a response. */
export class AppError extends Error {
  readonly statusCode: number;
  /** Extra response headers, such as Retry-After. */
  readonly headers: Record<string, string> | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldError[],
    options?: { cause?: unknown; headers?: Record<string, string> },
  ) {
    super(message, { cause: options?.cause });
    this.headers = options?.headers;
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}
