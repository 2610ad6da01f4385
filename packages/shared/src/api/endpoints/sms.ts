import { idParamsSchema } from '../../contracts/catalogue.js';
import {
  bulkBatchSchema,
  bulkPreviewInputSchema,
  bulkPreviewSchema,
  bulkSendInputSchema,
  smsHistoryQuerySchema,
  smsHistorySchema,
  smsQuoteSchema,
  smsSendSchema,
} from '../../contracts/sms.js';
import {
  bulkSentSchema,
  senderRequestInputSchema,
  senderRequestSchema,
  smsSendersSchema,
  smsSentSchema,
} from '../../contracts/sms-senders.js';

export const smsEndpoints = {
  'sms.quote': {
    summary: 'The price, encoding and sender of a message before it is sent',
    body: smsSendSchema,
    responses: { 200: smsQuoteSchema },
  },
  'sms.send': {
    summary: 'Send one message, paid from the balance',
    body: smsSendSchema,
    responses: { 201: smsSentSchema },
  },
  'sms.history': {
    summary: "The customer's messages, newest first",
    query: smsHistoryQuerySchema,
    responses: { 200: smsHistorySchema },
  },
  'sms.bulkPreview': {
    summary: "Check a bulk upload's recipients and price",
    body: bulkPreviewInputSchema,
    responses: { 200: bulkPreviewSchema },
  },
  'sms.bulkSend': {
    summary: 'Send a checked bulk upload as one batch',
    body: bulkSendInputSchema,
    responses: { 201: bulkSentSchema },
  },
  'sms.batch': {
    summary: "A batch's progress",
    params: idParamsSchema,
    responses: { 200: bulkBatchSchema },
  },
  'sms.senders': {
    summary: "The customer's sender IDs and requests",
    responses: { 200: smsSendersSchema },
  },
  'sms.requestSender': {
    summary: 'Ask for a sender ID to be approved',
    body: senderRequestInputSchema,
    responses: { 201: senderRequestSchema },
  },
} as const;
