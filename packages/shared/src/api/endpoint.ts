import type { z } from 'zod';

/** An answer that is not JSON: a page, a script, a file, a redirect or an event stream. */
export interface OtherAnswer {
  readonly description: string;
  readonly contentType?: string;
}

/** What an endpoint takes and answers, per status; its path lives in `routes/<module>.ts`. */
export interface EndpointSchemas {
  readonly summary: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /**
   * The endpoint takes an `Idempotency-Key` header (decision 0064). `rerun`: a request
   * whose first try died mid-way may be run again, as the module's own key (derived from
   * the header) or uniqueness stops a second effect; `hold`: it is never run again under
   * that key, and a repeat answers 409 until the key expires.
   */
  readonly idempotent?: 'rerun' | 'hold';
  /** A Zod schema for a JSON answer, `null` for an empty one (204), or another kind. */
  readonly responses: { readonly [status: number]: z.ZodType | null | OtherAnswer };
}

const SUCCESS = [200, 201, 202, 204] as const;
type Success = (typeof SUCCESS)[number];

/** The status an endpoint answers when its handler does not choose one. */
export function defaultStatus(schemas: EndpointSchemas): number {
  return SUCCESS.find((status) => status in schemas.responses) ?? 200;
}

type Part<S, K extends string> = S extends z.ZodType
  ? Record<string, never> extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: never };

/** What a caller sends: `{ params, query, body }`, each present when the endpoint takes it. */
export type InputOf<E extends EndpointSchemas> = Part<E['params'], 'params'> &
  Part<E['query'], 'query'> &
  Part<E['body'], 'body'>;

type Answer<S> = S extends z.ZodType ? z.output<S> : S extends null ? undefined : unknown;
type Sent<S> = S extends z.ZodType ? z.input<S> : S extends null ? undefined : unknown;

/** The parsed body of any success answer. */
export type OutputOf<E extends EndpointSchemas> = {
  [S in keyof E['responses'] & Success]: Answer<E['responses'][S]>;
}[keyof E['responses'] & Success];

/** What a handler may return for any success answer (before serialisation). */
export type ReplyOf<E extends EndpointSchemas> = {
  [S in keyof E['responses'] & Success]: Sent<E['responses'][S]>;
}[keyof E['responses'] & Success];

/** The parsed request parts a handler receives. */
export interface ParsedOf<E extends EndpointSchemas> {
  params: E['params'] extends z.ZodType ? z.output<E['params']> : Record<string, never>;
  query: E['query'] extends z.ZodType ? z.output<E['query']> : Record<string, never>;
  body: E['body'] extends z.ZodType ? z.output<E['body']> : undefined;
}

export const isOtherAnswer = (value: unknown): value is OtherAnswer =>
  typeof value === 'object' &&
  value !== null &&
  'description' in value &&
  typeof (value as OtherAnswer).description === 'string' &&
  !('_zod' in value);
