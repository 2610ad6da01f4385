import { z } from 'zod';
import { HANGUP_CAUSES, HANGUP_SIDES } from './voice.js';

/**
 * The SIP edge's interface (`/internal/voice/*`): the edge asks before a call and
 * reports its progress and end. Every request names the edge's own call id (its SIP
 * Call-ID), which makes each of them idempotent.
 */
const edgeCallId = z
  .string({ error: 'edgeCallId is required' })
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'edgeCallId must be printable ASCII without spaces');
const number = z
  .string()
  .trim()
  .transform((v) =>
    v
      .replace(/^sip:/i, '')
      .replace(/@.*$/, '')
      .replace(/[\s()-]/g, ''),
  )
  .pipe(z.string().regex(/^\+?[1-9]\d{1,14}$/, 'must be an international number'));
/**
 * A number as a phone dialled it: international, national (`07400…`) or with an
 * international prefix (`0044…`). Parley reads it in the caller's country and answers
 * a decision (484 when it cannot), never a malformed request.
 */
const dialled = z
  .string()
  .trim()
  .transform((v) =>
    v
      .replace(/^sip:/i, '')
      .replace(/@.*$/, '')
      .replace(/[\s()-]/g, ''),
  )
  .pipe(z.string().regex(/^\+?\d{1,20}$/, 'must be digits, with or without a leading +'));
/** When something happened: ISO 8601, or epoch milliseconds (as Kamailio writes it). */
const instant = z.union([
  z.iso.datetime({ offset: true }),
  z.number().int().min(1_500_000_000_000).max(4_000_000_000_000),
]);

export const edgeAuthoriseSchema = z
  .object({
    edgeCallId,
    /** The SIP account that authenticated (a softphone's, or the browser's). */
    username: z
      .string()
      .regex(/^[a-z0-9_.-]{3,64}$/, 'username is not a SIP username')
      .optional(),
    /** A call placed on the web page: the token POST /api/sip/call answered. The
     * browser's softphone sends it; with a username, the call must be that account's. */
    token: z
      .string()
      .regex(/^[A-Za-z0-9_-]{20,128}$/)
      .optional(),
    destination: dialled,
    /** The caller ID the softphone asked for (its P-Preferred-Identity user), as it wrote
     * it: one that is not a number the customer may show is refused (403), not malformed. */
    callerId: z
      .string()
      .trim()
      .max(64)
      .regex(/^[\x21-\x7e]*$/, 'callerId must be printable ASCII without spaces')
      .optional(),
    /** A PBX's call recognised by its source address: the trunk's id (the edge's
     * `permissions` tag, decision 0068). */
    trunkId: z.uuid('trunkId must be a trunk id').optional(),
    /** How the INVITE came: a trunk that asks for TLS is refused over anything else. */
    transport: z.enum(['udp', 'tcp', 'tls', 'ws', 'wss']).optional(),
  })
  .refine((v) => Boolean(v.username) || Boolean(v.token) || Boolean(v.trunkId), {
    message: 'Give username, token or trunkId',
    path: ['username'],
  });
export type EdgeAuthorise = z.input<typeof edgeAuthoriseSchema>;

/**
 * Why the edge must refuse a call, and the SIP answer that fits. 503 is the edge's own
 * answer when Parley cannot be reached; Parley names it only when it cannot decide.
 */
export const EDGE_DENY_REASONS = {
  UNKNOWN_ACCOUNT: 403,
  ACCOUNT_DISABLED: 403,
  CALLER_ID_NOT_VERIFIED: 403,
  /** The Call-ID is another call's: another account's, the other direction, another
   * destination, or a call that has ended. */
  CALL_ID_USED: 403,
  DESTINATION_NOT_SUPPORTED: 404,
  /** A national or prefixed number Parley cannot read in the caller's country, or too short. */
  ADDRESS_INCOMPLETE: 484,
  INSUFFICIENT_BALANCE: 402,
  /** The customer's calling plan is suspended for an unpaid renewal. */
  SUBSCRIPTION_SUSPENDED: 402,
  CONCURRENT_CALL_LIMIT: 486,
  /** The customer's own spending limits refuse it (country, price a minute, daily cap). */
  SPENDING_LIMIT: 403,
  /** The trunk's renewal is unpaid: its calls are refused until it is. */
  TRUNK_SUSPENDED: 403,
  /** The trunk takes calls over TLS only. */
  TLS_REQUIRED: 403,
  /** Inbound: nobody has this number. */
  NUMBER_NOT_ASSIGNED: 404,
  /** Inbound: its holder cannot take calls now (suspended, or no SIP account yet). */
  UNREACHABLE: 480,
  UNAVAILABLE: 503,
} as const;
export type EdgeDenyReason = keyof typeof EDGE_DENY_REASONS;

/** The reason phrase of each refusal's SIP answer (ASCII): what a phone shows. */
export const EDGE_DENY_PHRASES: Record<EdgeDenyReason, string> = {
  UNKNOWN_ACCOUNT: 'Unknown account',
  ACCOUNT_DISABLED: 'Account suspended',
  CALLER_ID_NOT_VERIFIED: 'Caller ID not verified',
  CALL_ID_USED: 'Call-ID already used',
  DESTINATION_NOT_SUPPORTED: 'Destination not supported',
  ADDRESS_INCOMPLETE: 'Address Incomplete',
  INSUFFICIENT_BALANCE: 'Insufficient balance',
  SUBSCRIPTION_SUSPENDED: 'Calling plan suspended',
  CONCURRENT_CALL_LIMIT: 'Too many calls in progress',
  SPENDING_LIMIT: 'Spending limit reached',
  TRUNK_SUSPENDED: 'Trunk suspended',
  TLS_REQUIRED: 'TLS required',
  NUMBER_NOT_ASSIGNED: 'Number not assigned',
  UNREACHABLE: 'Temporarily Unavailable',
  UNAVAILABLE: 'Service Unavailable',
};

/** A refusal: its reason, the SIP status and reason phrase to answer, and Parley's words. */
const edgeDenial = z.object({
  allow: z.literal(false),
  reason: z.enum(Object.keys(EDGE_DENY_REASONS) as [EdgeDenyReason, ...EdgeDenyReason[]]),
  sipStatus: z.number().int(),
  phrase: z.string(),
  message: z.string(),
});

export const edgeDecisionSchema = z.union([
  z.object({
    allow: z.literal(true),
    callId: z.string(),
    callerId: z.string(),
    destination: z.string(),
    ratePerMinute: z.string(),
    /** The dialog's timeout: the call must end after this many answered seconds. */
    maxSeconds: z.number().int(),
    /** A trunk's call: rtpengine's codec flags (its codecs only, the chosen one first). */
    mediaFlags: z.string().optional(),
  }),
  edgeDenial,
]);
export type EdgeDecision = z.infer<typeof edgeDecisionSchema>;

/** A call from the trunk to one of the numbers Parley sells. */
export const edgeInboundSchema = z.object({
  edgeCallId,
  /** The number dialled (the INVITE's request user). */
  number,
  /** Who rang, as the trunk gave it (may be withheld: "anonymous"). */
  from: z
    .string()
    .max(64)
    .regex(/^[\x21-\x7e]*$/, 'from must be printable ASCII without spaces')
    .optional(),
});

export const edgeInboundDecisionSchema = z.union([
  z.object({
    allow: z.literal(true),
    callId: z.string(),
    /** The SIP account whose registered devices ring (a trunk's, when it registers). */
    username: z.string(),
    /** A number pointed at a trunk with a PBX address: ring this URI instead. */
    target: z.string().optional(),
    /** The failover add-on's second destination, tried when the first fails or does not
     * answer within `ringSeconds`. */
    failover: z.string().optional(),
    ringSeconds: z.number().int().optional(),
    /** rtpengine's codec flags for the trunk's leg. */
    mediaFlags: z.string().optional(),
  }),
  edgeDenial,
]);
export type EdgeInboundDecision = z.infer<typeof edgeInboundDecisionSchema>;

export const edgeProgressSchema = z.object({
  edgeCallId,
  state: z.enum(['ringing', 'answered']),
  at: instant.optional(),
});

export const edgeEndSchema = z.object({
  edgeCallId,
  /** How it ended: answered calls 'normal' or 'cutoff'; others busy, no_answer, failed, cancelled. */
  cause: z.enum(HANGUP_CAUSES),
  by: z.enum(HANGUP_SIDES),
  answeredAt: instant.nullable().optional(),
  endedAt: instant.optional(),
  /** Quality the media relay measured, when it did. */
  quality: z
    .object({
      jitterMs: z.number().min(0).max(10_000).optional(),
      lossPercent: z.number().min(0).max(100).optional(),
      mos: z.number().min(1).max(5).optional(),
    })
    .optional(),
});

export const edgeAckSchema = z.object({ callId: z.string().nullable(), status: z.string() });
