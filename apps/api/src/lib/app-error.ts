import { ERROR_STATUS, type ErrorCode, type FieldError } from '@parley/shared';

/** The one error type services throw; the error handler turns it into a response. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldError[],
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}
