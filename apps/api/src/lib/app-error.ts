import { ERROR_STATUS, type ErrorCode, type FieldError, type FieldParams } from '@parley/shared';

/** A refused field as a service names it: its code, and params when the code has any. */
export type FieldErrorInput = Omit<FieldError, 'params'> & { params?: FieldParams };

/** The one error type services throw; the error handler turns it into a response. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly fields: FieldError[] | undefined;
  /** Extra response headers, such as Retry-After. */
  readonly headers: Record<string, string> | undefined;
  /** What the code's translation names (DESTINATION_NOT_SUPPORTED's `{ country }`). */
  readonly params: FieldParams | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    fields?: FieldErrorInput[],
    options?: { cause?: unknown; headers?: Record<string, string>; params?: FieldParams },
  ) {
    super(message, { cause: options?.cause });
    this.headers = options?.headers;
    this.params = options?.params;
    this.fields = fields?.map((f) => ({ ...f, params: f.params ?? {} }));
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}
