import { z } from 'zod';
import { BULK_LINE_CODES } from '../domain/field-codes.js';
import { SENDER_STATUSES } from '../domain/sender-id.js';
import { BULK_MAX_RECIPIENTS } from '../domain/sms.js';
import {
  messageProblem,
  normalRecipient,
  recipientProblem,
  senderIdProblem,
} from '../domain/sms-rules.js';
import { rule } from './field-text.js';
import { singleLine } from './text.js';

/** The sender rules of domain/sms-rules.ts (11 characters, or a number of 15 digits). */
export const senderIdSchema = singleLine(
  z.string({ error: 'Sender ID is required' }).trim(),
  'Sender ID',
).superRefine(rule(senderIdProblem));

// Blank is reported first; the number's shape once it is read without its spaces.
export const recipientSchema = singleLine(
  z.string({ error: 'Recipient is required' }).trim(),
  'Recipient',
)
  .superRefine(rule((v: string) => (v ? null : recipientProblem(v))))
  .transform(normalRecipient)
  .pipe(z.string().superRefine(rule(recipientProblem)));

export const smsTextSchema = z
  .string({ error: 'Message is required' })
  .superRefine(rule(messageProblem));

/** POST /api/sms/send and POST /api/sms/quote. */
export const smsSendSchema = z.object({
  senderId: senderIdSchema,
  recipient: recipientSchema,
  message: smsTextSchema,
  /** The client's own id for this message: a repeated request (a double click) sends once. */
  requestId: z.uuid('Invalid request id').optional(),
});
export type SmsSendInput = z.input<typeof smsSendSchema>;

export const SMS_STATUSES = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'failed',
  /** No delivery receipt within its validity period: refunded (decision 0014). */
  'expired',
] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

/** Which sender a message goes out with, and why (domain/sender-id.ts chooseSender). */
export const senderChoiceSchema = z.object({
  requested: z.string(),
  used: z.string(),
  status: z.enum(SENDER_STATUSES),
});
export type SenderChoiceAnswer = z.infer<typeof senderChoiceSchema>;

export const smsQuoteSchema = z.object({
  encoding: z.enum(['GSM-7', 'UCS-2']),
  segments: z.number().int(),
  country: z.string(),
  unitPrice: z.string(),
  priceCurrency: z.string(),
  /** segments × unit price, in GBP (4 decimals): what the balance pays. */
  price: z.string(),
  sender: senderChoiceSchema,
});
export type SmsQuote = z.infer<typeof smsQuoteSchema>;

export const smsMessageSchema = z.object({
  id: z.string(),
  senderId: z.string(),
  recipient: z.string(),
  message: z.string(),
  status: z.enum(SMS_STATUSES),
  encoding: z.string(),
  segments: z.number().int(),
  cost: z.string(),
  error: z.string().nullable(),
  batchId: z.string().nullable(),
  createdAt: z.string(),
});
export type SmsMessage = z.infer<typeof smsMessageSchema>;

export const smsHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const smsHistorySchema = z.object({
  items: z.array(smsMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SmsHistory = z.infer<typeof smsHistorySchema>;

/** A bulk upload: the file's text (CSV or one number a line), checked before sending. */
export const bulkPreviewInputSchema = z.object({
  senderId: senderIdSchema,
  message: smsTextSchema,
  file: z
    .string({ error: 'File is required' })
    .min(1, 'The file is empty')
    .max(512 * 1024, 'The file is larger than 512 KB'),
});

export const bulkPreviewSchema = z.object({
  encoding: z.enum(['GSM-7', 'UCS-2']),
  segments: z.number().int(),
  valid: z.array(
    z.object({
      line: z.number().int(),
      recipient: z.string(),
      country: z.string(),
      price: z.string(),
    }),
  ),
  invalid: z.array(
    z.object({
      line: z.number().int(),
      value: z.string(),
      /** In English, for API users; the browser shows `code`'s translation. */
      reason: z.string(),
      /** Why the line is skipped; an error code where one exists (PREMIUM_RATE_DESTINATION). */
      code: z.enum(BULK_LINE_CODES),
      /** What the reason names: `{ country }` or `{ max }`. */
      params: z.record(z.string(), z.union([z.string(), z.number()])),
    }),
  ),
  sender: senderChoiceSchema,
  /** The whole batch's price in GBP. */
  total: z.string(),
});
export type BulkPreview = z.infer<typeof bulkPreviewSchema>;

export const bulkSendInputSchema = z.object({
  senderId: senderIdSchema,
  message: smsTextSchema,
  recipients: z
    .array(recipientSchema)
    .min(1, 'No recipients')
    .max(BULK_MAX_RECIPIENTS, `At most ${BULK_MAX_RECIPIENTS} recipients at a time`),
});

export const bulkBatchSchema = z.object({
  id: z.string(),
  total: z.number().int(),
  cost: z.string(),
  queued: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  createdAt: z.string(),
});
export type BulkBatch = z.infer<typeof bulkBatchSchema>;

export const smsGatewayStatusSchema = z.object({
  mode: z.enum(['sandbox', 'smpp']),
  connected: z.boolean(),
  queued: z.number().int(),
});
export type SmsGatewayStatus = z.infer<typeof smsGatewayStatusSchema>;

export const smsInboundQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * A deliver_sm that was not a receipt of ours: a reply from a handset ('message') or a
 * receipt whose source was not the message's recipient ('receipt-mismatch').
 */
export const smsInboundSchema = z.object({
  id: z.string(),
  source: z.string(),
  destination: z.string(),
  message: z.string(),
  kind: z.enum(['message', 'receipt-mismatch']),
  receivedAt: z.string(),
});
export const smsInboundListSchema = z.object({
  items: z.array(smsInboundSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SmsInbound = z.infer<typeof smsInboundSchema>;
export type SmsInboundList = z.infer<typeof smsInboundListSchema>;
