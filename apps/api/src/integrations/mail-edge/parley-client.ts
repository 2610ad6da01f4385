import {
  mailEdgeAcceptAnswerSchema,
  type mailEdgeAcceptSchema,
  mailEdgeAckSchema,
  mailEdgeApi,
  mailEdgeAuthAnswerSchema,
  type mailEdgeAuthSchema,
  mailEdgeCheckAnswerSchema,
  type mailEdgeEventSchema,
  type mailEdgeRecipientSchema,
  type mailEdgeSenderSchema,
  type SmtpReply,
} from '@parley/shared';
import type { z } from 'zod';

/** Parley did not answer, or answered something the edge cannot read. */
export class ParleyUnreachable extends Error {
  constructor(
    message: string,
    /** Parley answered with this HTTP status (a 4xx will not change by asking again). */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ParleyUnreachable';
  }
}

/** What the client gets while Parley cannot be asked: try again later. */
export const UNREACHABLE_REPLY: SmtpReply = {
  code: 451,
  enhanced: '4.3.0',
  message: 'Temporary problem, please try again later',
};

const TIMEOUT_MS = 10_000;

type Route = (typeof mailEdgeApi)[keyof typeof mailEdgeApi];

/** The mail edge's questions to Parley (/internal/mail/*), by its shared secret. */
export function parleyClient(opts: {
  parleyUrl: string;
  edgeSecret: string;
  fetch?: typeof fetch;
}) {
  const doFetch = opts.fetch ?? fetch;
  async function ask<T extends z.ZodType>(route: Route, body: unknown, answer: T) {
    let res: Response;
    try {
      res = await doFetch(`${opts.parleyUrl}${route.path}`, {
        method: route.method,
        headers: {
          authorization: `Bearer ${opts.edgeSecret}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new ParleyUnreachable(`${route.path}: ${(err as Error).message}`);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new ParleyUnreachable(`${route.path}: HTTP ${res.status}`, res.status);
    }
    const parsed = answer.safeParse(await res.json().catch(() => undefined));
    if (!parsed.success) throw new ParleyUnreachable(`${route.path}: an answer it cannot read`);
    return parsed.data as z.infer<T>;
  }
  return {
    auth: (b: z.input<typeof mailEdgeAuthSchema>) =>
      ask(mailEdgeApi.auth, b, mailEdgeAuthAnswerSchema),
    sender: (b: z.input<typeof mailEdgeSenderSchema>) =>
      ask(mailEdgeApi.sender, b, mailEdgeCheckAnswerSchema),
    recipient: (b: z.input<typeof mailEdgeRecipientSchema>) =>
      ask(mailEdgeApi.recipient, b, mailEdgeCheckAnswerSchema),
    accept: (b: z.input<typeof mailEdgeAcceptSchema>) =>
      ask(mailEdgeApi.accept, b, mailEdgeAcceptAnswerSchema),
    event: (b: z.input<typeof mailEdgeEventSchema>) => ask(mailEdgeApi.event, b, mailEdgeAckSchema),
  };
}
export type ParleyClient = ReturnType<typeof parleyClient>;
