import { z } from 'zod';
import { idParamsSchema } from '../../contracts/catalogue.js';
import {
  adminChatAgentSchema,
  adminChatMessageSchema,
  adminChatMessagesQuerySchema,
  adminChatMessagesSchema,
  adminChatSessionSchema,
  adminChatSessionsQuerySchema,
  adminChatSessionsSchema,
  adminChatSummarySchema,
  adminChatUpdateSchema,
  cannedReplyInputSchema,
  cannedReplySchema,
  chatMessageSchema,
  chatMessagesQuerySchema,
  chatMessagesSchema,
  chatReadInputSchema,
  chatSendInputSchema,
  chatSessionInputSchema,
  chatSessionSchema,
} from '../../contracts/chat.js';
import { ADMIN_REFUSALS, refusals } from './errors.js';

const USER = ['UNAUTHORIZED', 'VALIDATION_FAILED'] as const;
const readUpTo = chatReadInputSchema.omit({ sessionId: true });

/** The customer's live chat, and the admins' console. */
export const chatEndpoints = {
  'chat.session': {
    summary: "The customer's conversation, opened on first use and resumed after",
    responses: { 200: chatSessionSchema, ...refusals('UNAUTHORIZED') },
  },
  'chat.messages': {
    summary: 'Messages of the conversation, oldest first: the newest page, or before/after an id',
    query: chatMessagesQuerySchema,
    responses: { 200: chatMessagesSchema, ...refusals(...USER, 'NO_CHAT_SESSION') },
  },
  'chat.send': {
    summary: 'Send a message (plain text); it reopens a resolved conversation',
    body: chatSendInputSchema,
    responses: {
      201: chatMessageSchema,
      ...refusals(...USER, 'NO_CHAT_SESSION', 'CHAT_RATE_LIMITED', 'IDEMPOTENCY_KEY_REUSED'),
    },
  },
  'chat.read': {
    summary: 'The customer has seen the replies up to this message',
    body: chatReadInputSchema,
    responses: { 204: null, ...refusals(...USER, 'NO_CHAT_SESSION') },
  },
  'chat.typing': {
    summary: 'The customer is typing (shown to admins for a few seconds)',
    body: chatSessionInputSchema,
    responses: { 204: null, ...refusals(...USER, 'NO_CHAT_SESSION', 'CHAT_RATE_LIMITED') },
  },
  'chat.admin.sessions': {
    summary: 'Conversations by filter and search, latest message first, a page at a time',
    query: adminChatSessionsQuerySchema,
    responses: { 200: adminChatSessionsSchema, ...refusals(...ADMIN_REFUSALS) },
  },
  'chat.admin.summary': {
    summary: 'How many conversations are open, pending, resolved, mine, and unread',
    responses: { 200: adminChatSummarySchema, ...refusals(...ADMIN_REFUSALS) },
  },
  'chat.admin.session': {
    summary: 'One conversation',
    params: idParamsSchema,
    responses: { 200: adminChatSessionSchema, ...refusals(...ADMIN_REFUSALS, 'NOT_FOUND') },
  },
  'chat.admin.update': {
    summary: 'Set the status of a conversation, or who handles it (claim, transfer, release)',
    params: idParamsSchema,
    body: adminChatUpdateSchema,
    responses: {
      200: adminChatSessionSchema,
      ...refusals(...ADMIN_REFUSALS, 'NOT_FOUND', 'NOT_AN_AGENT'),
    },
  },
  'chat.admin.messages': {
    summary: 'Messages and internal notes of a conversation, oldest first',
    params: idParamsSchema,
    query: adminChatMessagesQuerySchema,
    responses: { 200: adminChatMessagesSchema, ...refusals(...ADMIN_REFUSALS, 'NOT_FOUND') },
  },
  'chat.admin.read': {
    summary: 'The admins have seen the customer messages up to this one',
    params: idParamsSchema,
    body: readUpTo,
    responses: { 204: null, ...refusals(...ADMIN_REFUSALS, 'NOT_FOUND') },
  },
  'chat.admin.reply': {
    summary: 'Reply to the customer; the conversation then waits for them (pending)',
    body: chatSendInputSchema,
    responses: {
      201: adminChatMessageSchema,
      ...refusals(...ADMIN_REFUSALS, 'NOT_FOUND', 'IDEMPOTENCY_KEY_REUSED'),
    },
  },
  'chat.admin.note': {
    summary: 'An internal note on a conversation, seen only by admins',
    body: chatSendInputSchema,
    responses: {
      201: adminChatMessageSchema,
      ...refusals(...ADMIN_REFUSALS, 'NOT_FOUND', 'IDEMPOTENCY_KEY_REUSED'),
    },
  },
  'chat.admin.typing': {
    summary: 'An admin is typing a reply (shown to the customer for a few seconds)',
    body: chatSessionInputSchema,
    responses: { 204: null, ...refusals(...ADMIN_REFUSALS, 'NOT_FOUND', 'CHAT_RATE_LIMITED') },
  },
  'chat.admin.agents': {
    summary: 'The admins a conversation can be given to',
    responses: { 200: z.array(adminChatAgentSchema), ...refusals(...ADMIN_REFUSALS) },
  },
  'chat.admin.canned': {
    summary: 'Canned replies, by title',
    responses: { 200: z.array(cannedReplySchema), ...refusals(...ADMIN_REFUSALS) },
  },
  'chat.admin.createCanned': {
    summary: 'Add a canned reply',
    body: cannedReplyInputSchema,
    responses: { 201: cannedReplySchema, ...refusals(...ADMIN_REFUSALS, 'CONFLICT') },
  },
  'chat.admin.updateCanned': {
    summary: 'Change a canned reply',
    params: idParamsSchema,
    body: cannedReplyInputSchema,
    responses: {
      200: cannedReplySchema,
      ...refusals(...ADMIN_REFUSALS, 'NOT_FOUND', 'CONFLICT'),
    },
  },
  'chat.admin.deleteCanned': {
    summary: 'Remove a canned reply',
    params: idParamsSchema,
    responses: { 204: null, ...refusals(...ADMIN_REFUSALS, 'NOT_FOUND') },
  },
} as const;
