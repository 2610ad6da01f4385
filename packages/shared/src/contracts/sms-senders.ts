import { z } from 'zod';
import { senderReasonProblem } from '../domain/sms-rules.js';
import { rule } from './field-text.js';
import { senderChoiceSchema, senderIdSchema, smsMessageSchema } from './sms.js';
import { singleLine } from './text.js';

export const SENDER_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SenderRequestStatus = (typeof SENDER_REQUEST_STATUSES)[number];

/** POST /api/sms/senders: a customer asks for a sender ID and says what it is for. */
export const senderRequestInputSchema = z.object({
  senderId: senderIdSchema,
  reason: singleLine(
    z.string({ error: 'Reason is required' }).trim().superRefine(rule(senderReasonProblem)),
    'Reason',
  ),
});
export type SenderRequestInput = z.input<typeof senderRequestInputSchema>;

export const senderRequestSchema = z.object({
  id: z.string(),
  senderId: z.string(),
  kind: z.enum(['alphanumeric', 'numeric']),
  reason: z.string(),
  status: z.enum(SENDER_REQUEST_STATUSES),
  adminNote: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type SenderRequest = z.infer<typeof senderRequestSchema>;

/** GET /api/sms/senders: what the SMS screen needs to say which sender will be used. */
export const smsSendersSchema = z.object({
  defaultSender: z.string(),
  /** Numbers the customer rents: usable as senders without approval. */
  ownedNumbers: z.array(z.string()),
  /** Newest first. */
  requests: z.array(senderRequestSchema),
  /** How many requests may wait for an admin at once. */
  pendingMax: z.number().int(),
});
export type SmsSenders = z.infer<typeof smsSendersSchema>;

/** POST /api/sms/send's answer: the message, and which sender it went out with and why. */
export const smsSentSchema = smsMessageSchema.extend({ sender: senderChoiceSchema });
export type SmsSent = z.infer<typeof smsSentSchema>;

export const bulkSentSchema = z.object({
  batchId: z.string(),
  count: z.number().int(),
  sender: senderChoiceSchema,
});

export const adminSenderRequestSchema = senderRequestSchema.extend({
  user: z.object({ id: z.string(), email: z.string() }),
  decidedBy: z.string().nullable(),
});
export type AdminSenderRequest = z.infer<typeof adminSenderRequestSchema>;

export const adminSenderListQuerySchema = z.object({
  status: z.enum(SENDER_REQUEST_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const adminSenderListSchema = z.object({
  items: z.array(adminSenderRequestSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminSenderList = z.infer<typeof adminSenderListSchema>;

const note = singleLine(z.string().trim().max(500, 'At most 500 characters'), 'Note');

/** Approve: a note is optional (a bare POST, whose body arrives as null, is fine). */
export const senderApproveInputSchema = z.preprocess(
  (body) => body ?? {},
  z.object({ note: note.optional() }),
);
/** Reject: the customer is told why. */
export const senderRejectInputSchema = z.object({
  note: singleLine(
    z.string({ error: 'Say why' }).trim().min(1, 'Say why').max(500, 'At most 500 characters'),
    'Note',
  ),
});
