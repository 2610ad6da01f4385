import { idParamsSchema } from '../../contracts/catalogue.js';
import {
  bulkBatchSchema,
  bulkPreviewInputSchema,
  bulkPreviewSchema,
  bulkSendInputSchema,
  smsGatewayStatusSchema,
  smsHistoryQuerySchema,
  smsHistorySchema,
  smsInboundListSchema,
  smsInboundQuerySchema,
  smsQuoteSchema,
  smsSendSchema,
} from '../../contracts/sms.js';
import {
  adminSenderListQuerySchema,
  adminSenderListSchema,
  bulkSentSchema,
  senderApproveInputSchema,
  senderRejectInputSchema,
  senderRequestInputSchema,
  senderRequestSchema,
  smsSendersSchema,
  smsSentSchema,
} from '../../contracts/sms-senders.js';
import { ofUser } from './admin-lists.js';

/** Single and bulk SMS, sender IDs, and the admins' view of the gateway. */
export const smsEndpoints = {
  'sms.admin.status': {
    summary: 'Which gateway SMS go through and how many wait',
    responses: { 200: smsGatewayStatusSchema },
  },
  'sms.admin.inbound': {
    summary: 'Messages received from the gateway',
    query: smsInboundQuerySchema,
    responses: { 200: smsInboundListSchema },
  },
  'sms.admin.senderIds': {
    summary: 'Sender ID requests',
    query: adminSenderListQuerySchema,
    responses: { 200: adminSenderListSchema },
  },
  'sms.admin.approveSenderId': {
    summary: 'Approve a sender ID request',
    params: idParamsSchema,
    body: senderApproveInputSchema,
    responses: { 200: senderRequestSchema },
  },
  'sms.admin.rejectSenderId': {
    summary: 'Reject a sender ID request',
    params: idParamsSchema,
    body: senderRejectInputSchema,
    responses: { 200: senderRequestSchema },
  },
  'sms.quote': {
    summary: 'The price, encoding and sender of a message before it is sent',
    body: smsSendSchema,
    responses: { 200: smsQuoteSchema },
  },
  'sms.send': {
    summary: 'Send one message, paid from the balance',
    body: smsSendSchema,
    idempotent: 'rerun',
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
    idempotent: 'hold',
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
  'sms.admin.forUser': ofUser(
    "A user's SMS messages, newest first",
    smsHistoryQuerySchema,
    smsHistorySchema,
  ),
} as const;
