import { z } from 'zod';
import { CALL_DIRECTIONS, CALL_STATUSES } from '../domain/calls.js';
import { callerIdProblem, destinationProblem, e164 } from '../domain/voice-rules.js';
import { rule } from './field-text.js';
import { singleLine } from './text.js';

const numberField = (label: string, problem: typeof callerIdProblem, missing: string) =>
  singleLine(z.string({ error: missing }).trim(), label)
    .superRefine(rule(problem))
    .transform(e164);

export const callerIdSchema = numberField('Caller ID', callerIdProblem, 'Caller ID is required');
export const callDestinationSchema = numberField(
  'Destination',
  destinationProblem,
  'Destination is required',
);

/** POST /api/sip/call. */
export const callInputSchema = z.object({
  callerId: callerIdSchema,
  destination: callDestinationSchema,
});
export type CallInput = z.input<typeof callInputSchema>;

/** Who ended a call. */
export const HANGUP_SIDES = ['caller', 'callee', 'system'] as const;
/** Why a call ended. */
export const HANGUP_CAUSES = [
  'normal',
  'busy',
  'no_answer',
  'failed',
  'cancelled',
  /** Parley ended it at its maximum duration: the credit cut-off. */
  'cutoff',
  /** An admin ended it. */
  'admin',
  /** The server stopped while it ran; settled after the restart. */
  'restart',
  /** The edge never reported its end; settled at its deadline. */
  'deadline',
] as const;

export const callSchema = z.object({
  id: z.string(),
  direction: z.enum(CALL_DIRECTIONS),
  /** Outbound: the caller ID shown; inbound: who rang (as the trunk gave it). */
  callerId: z.string(),
  destination: z.string(),
  country: z.string(),
  status: z.enum(CALL_STATUSES),
  /** Talk time in seconds (answer to end); null until it ends, 0 when never answered. */
  duration: z.number().int().nullable(),
  billableSeconds: z.number().int().nullable(),
  /** Seconds taken from the plan's included minutes. */
  includedSeconds: z.number().int().nullable(),
  /** GBP charged (4 decimals shown with at least 2); null until it ends. */
  cost: z.string().nullable(),
  /** GBP per minute, fixed when the call was authorised. */
  ratePerMinute: z.string(),
  /** The destination's own price and currency, and the rate to GBP used. */
  price: z.string(),
  priceCurrency: z.string(),
  /** Billing increments, `first/next` seconds. */
  increments: z.string(),
  /** The credit cut-off: the call is ended after this many answered seconds. */
  maxSeconds: z.number().int(),
  hangupCause: z.enum(HANGUP_CAUSES).nullable(),
  hangupBy: z.enum(HANGUP_SIDES).nullable(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** When the edge reported its answer after Parley had settled it unanswered (its
   * reports came late): it was ended at the edge and billed then. Null otherwise. */
  lateReportAt: z.string().nullable(),
});
export type Call = z.infer<typeof callSchema>;

/**
 * The answer to placing a call: with `VOICE_GATEWAY=sip`, `token` is what the browser's
 * softphone sends with its INVITE for the edge to authorise (null in the sandbox).
 */
export const placedCallSchema = callSchema.extend({ token: z.string().nullable() });
export type PlacedCall = z.infer<typeof placedCallSchema>;

export const callHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const callHistorySchema = z.object({
  items: z.array(callSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CallHistory = z.infer<typeof callHistorySchema>;

/** GET /api/sip/quote?destination=… */
export const callQuoteQuerySchema = z.object({ destination: callDestinationSchema });

export const callQuoteSchema = z.object({
  destination: z.string(),
  country: z.string(),
  price: z.string(),
  priceCurrency: z.string(),
  ratePerMinute: z.string(),
  increments: z.string(),
  /** The longest call the balance (after other calls' holds) and plan cover now. */
  maxSeconds: z.number().int(),
  /** The plan's included seconds left this period; null unlimited. */
  includedSecondsLeft: z.number().int().nullable(),
  available: z.string(),
});
export type CallQuote = z.infer<typeof callQuoteSchema>;

export const sipAccountSchema = z.object({
  username: z.string(),
  password: z.string(),
  domain: z.string(),
  ports: z.object({ udp: z.number().int(), tcp: z.number().int(), tls: z.number().int() }),
  /** The browser's WebSocket address (wss://…). */
  wssUrl: z.string(),
  concurrentCalls: z.number().int(),
  /** Calls in progress now. */
  activeCalls: z.number().int(),
});
export type SipAccount = z.infer<typeof sipAccountSchema>;

export const callerIdsSchema = z.object({
  items: z.array(
    z.object({
      number: z.string(),
      /** A number the customer rents, or one verified by a code. */
      source: z.enum(['did', 'verified']),
    }),
  ),
  /**
   * Numbers with a code still waiting to be entered (not expired, tries left), so the
   * entry resumes after a reload; the code itself only in sandbox mode.
   */
  pending: z.array(
    z.object({ number: z.string(), expiresAt: z.string(), sandboxCode: z.string().nullable() }),
  ),
});
export type CallerIds = z.infer<typeof callerIdsSchema>;

export const verifyStartSchema = z.object({ number: callerIdSchema });
export const verifyStartedSchema = z.object({
  number: z.string(),
  expiresAt: z.string(),
  /** Sandbox mode only (no real SMS is sent): the code, shown to this customer. */
  sandboxCode: z.string().nullable(),
});
export const verifyConfirmSchema = z.object({
  number: callerIdSchema,
  code: z
    .string({ error: 'Enter the 6-digit code' })
    .trim()
    .superRefine(rule((v: string) => (/^\d{6}$/.test(v) ? null : { code: 'CODE_INVALID' }))),
});

export const voiceStatusSchema = z.object({
  mode: z.enum(['sandbox', 'sip']),
  /** The gateway can place calls now (sandbox: always; sip: the edge was heard lately). */
  connected: z.boolean(),
  activeCalls: z.number().int(),
});
export type VoiceStatus = z.infer<typeof voiceStatusSchema>;

/** An admin's view of a call: whose it is too. */
export const adminCallSchema = callSchema.extend({
  userId: z.string(),
  userEmail: z.string(),
  /** GBP of a late-reported call's talk time the balance no longer covered: not charged. */
  uncharged: z.string().nullable(),
});
export const adminCallsQuerySchema = callHistoryQuerySchema.extend({
  /** Only calls in progress. */
  active: z.enum(['true', 'false']).optional(),
});
export const adminCallsSchema = z.object({
  items: z.array(adminCallSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminCalls = z.infer<typeof adminCallsSchema>;

/** The sandbox's verification codes, so a tester can read them (sandbox only). */
export const sandboxVerificationsSchema = z.object({
  items: z.array(
    z.object({
      number: z.string(),
      userEmail: z.string(),
      code: z.string(),
      expiresAt: z.string(),
    }),
  ),
});
