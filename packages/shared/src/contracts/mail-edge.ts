import { z } from 'zod';
import { MAIL_MAX_RECIPIENTS, MAIL_MAX_SIZE } from '../domain/mail.js';

/**
 * What the mail edge (Haraka with Parley's plugins, `npm run mail:edge`) asks Parley at
 * each step of an SMTP session, by its shared secret (MAIL_EDGE_SECRET). Every answer
 * that refuses carries the SMTP reply the client should get.
 */

const address = z.string().min(3).max(254);
const uuid = z.uuid();

/** An SMTP reply: `code` (4xx temporary, 5xx permanent), enhanced status, text. */
export const smtpReplySchema = z.object({
  code: z.number().int().min(400).max(599),
  enhanced: z.string().regex(/^[45]\.\d{1,3}\.\d{1,3}$/),
  message: z.string(),
});
export type SmtpReply = z.infer<typeof smtpReplySchema>;

const refused = z.object({ allowed: z.literal(false), reply: smtpReplySchema });

/** AUTH PLAIN or LOGIN, after TLS: the SMTP user's name and password. */
export const mailEdgeAuthSchema = z.object({
  username: z.string().min(1).max(128),
  password: z.string().min(1).max(256),
  /** The client's address, for the failure limit. */
  remoteIp: z.string().max(64),
});
export const mailEdgeAuthAnswerSchema = z.discriminatedUnion('allowed', [
  z.object({ allowed: z.literal(true), credentialId: uuid }),
  refused,
]);

/** MAIL FROM: may this user send from this address (its domain verified, theirs)? */
export const mailEdgeSenderSchema = z.object({ credentialId: uuid, from: address });
/** RCPT TO: may this address be sent to (not suppressed; limits not reached)? */
export const mailEdgeRecipientSchema = z.object({
  credentialId: uuid,
  from: address,
  to: address,
  /** Recipients already accepted in this transaction. */
  accepted: z.number().int().min(0).max(MAIL_MAX_RECIPIENTS),
});
export const mailEdgeCheckAnswerSchema = z.discriminatedUnion('allowed', [
  z.object({ allowed: z.literal(true) }),
  refused,
]);

/**
 * End of DATA: the message is metered and recorded once. `messageId` is the edge's id of
 * this transaction; `clientMessageId` the Message-ID header, so a client that sends the
 * same message again after a lost reply is neither charged nor logged twice (the answer
 * then names the first message's id, which the edge uses instead). A first copy the edge
 * never confirmed as queued is answered as new again (same id, not charged again), so a
 * message lost between acceptance and the queue is queued by the retry.
 */
export const mailEdgeAcceptSchema = z.object({
  credentialId: uuid,
  messageId: uuid,
  clientMessageId: z.string().max(998).nullable(),
  from: address,
  /** The From header's one mailbox (null: none, several or unreadable). */
  headerFrom: address.nullable(),
  to: z.array(address).min(1).max(MAIL_MAX_RECIPIENTS),
  subject: z.string().max(998),
  size: z
    .number()
    .int()
    .min(0)
    .max(MAIL_MAX_SIZE * 2),
});
export const mailEdgeAcceptAnswerSchema = z.discriminatedUnion('allowed', [
  z.object({
    allowed: z.literal(true),
    /** The id to use from now on (the first one's, for a message sent again). */
    messageId: uuid,
    /** True when this message was accepted and queued before: queue nothing new. */
    duplicate: z.boolean(),
    /** The envelope sender for delivery: VERP on the domain's return path. */
    returnPath: z.string(),
    /** Sign for the From header's domain with Parley's key of it. */
    dkim: z.object({ domain: z.string(), selector: z.string(), privateKey: z.string() }),
  }),
  refused,
]);

export const MAIL_EVENT_KINDS = [
  'queued',
  'delivered',
  'deferred',
  'bounced',
  'complained',
] as const;

/**
 * What became of an accepted message: `queued` once the edge's queue holds it on disk
 * (the message as a whole: no recipient), else one recipient's outcome (from the queue,
 * or a DSN or complaint received).
 */
export const mailEdgeEventSchema = z
  .object({
    messageId: uuid,
    recipient: address.nullable().default(null),
    kind: z.enum(MAIL_EVENT_KINDS),
    /** The remote server's reply or the report's words. */
    reason: z.string().max(1000).nullable().default(null),
  })
  .refine((e) => e.kind === 'queued' || e.recipient !== null, {
    path: ['recipient'],
    message: 'A recipient is required for a delivery outcome',
  });
export const mailEdgeAckSchema = z.object({ ok: z.literal(true) });
