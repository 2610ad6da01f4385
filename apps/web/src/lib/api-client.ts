import type { ErrorResponse, FieldParams } from '@parley/shared';
import { takeEarly } from './early-fetch';

/** A refused field as the server named it: a code to translate, with its params. */
export interface FieldIssue {
  code: string;
  params: FieldParams;
  /** English, for logs; never shown. */
  message: string;
  /** Where in the body, without `body.` ("allowedIps.2"): which entry of a list. */
  path: string;
}

/** A non-OK answer from the API, carrying the server's error code when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
    readonly requestId: string | null = null,
    /** Per-field problems of a refused form, keyed by the top-level field's name in the body. */
    readonly fields: Record<string, FieldIssue> = {},
    /** What the code's translation names (DESTINATION_NOT_SUPPORTED's `{ country }`). */
    readonly params: FieldParams = {},
    /** Every refused field, several entries of one list included, in the server's order. */
    readonly issues: FieldIssue[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

// Checked by hand rather than with the shared Zod schema: zod would double the
// landing page's JavaScript, and only three string fields are read.
function errorBodyOf(text: string): ErrorResponse['error'] | null {
  try {
    const error = (JSON.parse(text) as Partial<ErrorResponse> | null)?.error;
    if (typeof error?.code === 'string' && typeof error.message === 'string') return error;
  } catch {
    // Not JSON.
  }
  return null;
}

const paramsOf = (value: unknown): FieldParams =>
  value !== null && typeof value === 'object' ? (value as FieldParams) : {};

function issuesOf(body: ErrorResponse['error']): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const f of Array.isArray(body.fields) ? body.fields : []) {
    if (typeof f?.path !== 'string' || typeof f.code !== 'string') continue;
    const path = f.path.replace(/^body\./, '');
    issues.push({ code: f.code, params: paramsOf(f.params), message: String(f.message), path });
  }
  return issues;
}

/** The first issue of each top-level field: "features.2" belongs to the form's "features". */
function fieldsOf(issues: FieldIssue[]): Record<string, FieldIssue> {
  const fields: Record<string, FieldIssue> = {};
  for (const issue of issues) fields[issue.path.split('.')[0] ?? ''] ??= issue;
  return fields;
}

async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text();
  const body = errorBodyOf(text);
  if (body) {
    const issues = issuesOf(body);
    return new ApiError(
      res.status,
      body.code,
      body.message,
      body.requestId ?? null,
      fieldsOf(issues),
      paramsOf(body.params),
      issues,
    );
  }
  return new ApiError(res.status, null, `${res.status}: ${text || res.statusText}`);
}

/** Every call sends cookies; any non-OK response is an error. A read started early is taken. */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && !headers.has('content-type')) {
    headers.set('content-type', 'application/json');
  }
  const res =
    (await takeEarly(path, init)) ??
    (await fetch(path, { ...init, headers, credentials: 'include' }));
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}
