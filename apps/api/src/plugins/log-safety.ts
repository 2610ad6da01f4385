import type { FastifyRequest } from 'fastify';

/**
 * What Parley writes to its logs: never a query's parameters, a query string or personal
 * data. Errors are logged by a whitelist (type, message, SQL text, SQLSTATE and
 * constraint names, stack frames), never with their `params`, `detail` or other
 * properties; a request is logged by its path, never its query string; emails and
 * phone numbers in messages are masked; fields named like personal data are redacted.
 */

const EMAIL = /[^\s@'"<>(),;:[\]]+@[^\s@'"<>(),;:[\]]+\.[^\s@'"<>(),;:[\]]+/g;
/** An E.164-like number: 8 to 15 digits, on their own (not part of an id or a decimal). */
const PHONE = /(?<![\w.-])\+?\d{8,15}(?![\w.-])/g;
/** A query string inside a message (Fastify names a bad URL in full). */
const QUERY = /\?[^\s'"]+/g;

/** Masks emails, phone numbers and query strings in a message. */
export function maskText(text: string): string {
  return text.replace(QUERY, '?[redacted]').replace(EMAIL, '[email]').replace(PHONE, '[number]');
}

/**
 * Database and system fields that name what failed, never the values; PGlite and
 * postgres.js name a few differently, logged under one name.
 */
const SAFE_FIELDS: [from: string, to: string][] = [
  ['code', 'code'],
  ['statusCode', 'statusCode'],
  ['severity', 'severity'],
  ['constraint', 'constraint'],
  ['constraint_name', 'constraint'],
  ['table', 'table'],
  ['table_name', 'table'],
  ['column', 'column'],
  ['column_name', 'column'],
  ['routine', 'routine'],
  ['errno', 'errno'],
  ['syscall', 'syscall'],
];

function messageOf(error: { message?: unknown; query?: unknown; code?: unknown }): string {
  // Drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>".
  let message = String(error.message ?? '').split('\nparams:')[0] ?? '';
  if (typeof error.query === 'string' && message.startsWith('Failed query:'))
    message = 'Failed query';
  // SQLSTATE class 22 (data exception) messages quote the offending value.
  const code = error.code;
  if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code))
    message = `data exception (SQLSTATE ${code})`;
  return maskText(message);
}

/**
 * An error as it may be logged: type, a masked message, the SQL text (never its
 * parameters), the database's SQLSTATE and names, its cause the same way, and the stack
 * frames without the message lines. Anything that is not error-like is returned as is.
 */
export function safeError(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || !('message' in value)) return value;
  const error = value as Record<string, unknown> & { message?: unknown; stack?: unknown };
  const out: Record<string, unknown> = {
    // A value already made safe (logged again by the serializer) keeps its type.
    type:
      value instanceof Error ? value.name : typeof error.type === 'string' ? error.type : 'Error',
    message: messageOf(error),
  };
  if (typeof error.query === 'string') out.query = error.query;
  for (const [from, to] of SAFE_FIELDS) {
    const v = error[from];
    if (typeof v === 'string' || typeof v === 'number') out[to] = v;
  }
  if (error.cause !== undefined && depth < 3) out.cause = safeError(error.cause, depth + 1);
  if (typeof error.stack === 'string')
    out.stack = error.stack
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n');
  return out;
}

/** A request in a log line: method and path, never the query string or headers. */
function safeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: String(request.url ?? '').split('?')[0],
    host: request.host,
    remoteAddress: request.ip,
  };
}

/** An object literal, or one without a prototype (a parsed query string, parsed cookies). */
const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/**
 * Fields named like personal data or secrets, at the top of a log call's object or one
 * level down, are written as CENSOR. Checked by name as each call's fields are walked
 * anyway, rather than by pino's path redaction, which cloned and walked every line and
 * was the costliest part of a request's log line. So they are found in plain objects (not
 * in a class's instances) and not in a child logger's bindings (Parley's only binding is
 * the request id). Headers never reach a line: requests are logged by `safeRequest`,
 * answers by their status alone.
 */
const REDACTED = new Set([
  'email',
  'password',
  'recipient',
  'phone',
  'number',
  'source_addr',
  'destination_addr',
  'short_message',
  'params',
  'detail',
]);
const CENSOR = '[redacted]';

/**
 * A log call's merging object: fields named like personal data or secrets redacted,
 * errors made safe, strings masked (two levels deep, as `key` and `*.key`).
 */
function safeFields(fields: Record<string, unknown>, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (REDACTED.has(key)) out[key] = CENSOR;
    else if (value instanceof Error) out[key] = safeError(value);
    else if (typeof value === 'string') out[key] = maskText(value);
    else if (depth < 1 && isPlainObject(value)) out[key] = safeFields(value, depth + 1);
    else out[key] = value;
  }
  return out;
}

/** Every log call's arguments, made safe before pino sees them. */
function safeArgs(args: unknown[]): unknown[] {
  return args.map((arg, i) => {
    if (typeof arg === 'string') return maskText(arg);
    if (i > 0) return arg;
    if (arg instanceof Error) return { err: safeError(arg) };
    if (isPlainObject(arg)) return safeFields(arg);
    return arg;
  });
}

/** The logger options that make every line safe (app.ts spreads them into Fastify's). */
export const safeLogging = {
  serializers: {
    // Whatever a call puts under `err`, an Error or not.
    err: (err: unknown) => safeError(err) as { type: string; message: string; stack: string },
    req: safeRequest,
  },
  hooks: {
    logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
      method.apply(this, safeArgs(args));
    },
  },
};
