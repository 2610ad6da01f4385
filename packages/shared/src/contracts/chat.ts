import { z } from 'zod';
import { CHAT_FILTERS, CHAT_MESSAGE_MAX, CHAT_STATUSES } from '../domain/chat.js';
import { fieldIssue } from './field-text.js';
import { pageQuery } from './page.js';
import { singleLine } from './text.js';

/** How many messages one page holds (the newest first, then older on demand). */
export const CHAT_PAGE_MAX = 100;

/**
 * Embeddings, overrides and isolates (U+202A–202E, U+2066–2069): in a message they could
 * make a link read as another. The marks (U+200E, U+200F) stay allowed.
 */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/** A message's text: trimmed, 1 to 2,000 characters; lines allowed, other controls not. */
export const chatTextSchema = z
  .string({ error: 'Message is required' })
  .trim()
  .min(1, 'Message is required')
  .max(CHAT_MESSAGE_MAX, `At most ${CHAT_MESSAGE_MAX} characters`)
  .refine((text) => !DIRECTION_CONTROLS.test(text), {
    message: 'Direction control characters are not allowed',
    params: fieldIssue({ code: 'CONTROL_CHARACTERS' }).params,
  });

/** A message id: the conversation's order (a positive whole number, as text). */
const messageIdSchema = z.string().regex(/^[1-9][0-9]{0,17}$/, 'Not a message id');
const sessionIdSchema = z.uuid({ error: 'No active chat session' });

/** A client's own id for a message: sending it again (a retry) gives the same message. */
const requestIdSchema = z.uuid('Not a request id').optional();

export const chatSendInputSchema = z.object({
  sessionId: sessionIdSchema,
  message: chatTextSchema,
  requestId: requestIdSchema,
});
export type ChatSendInput = z.input<typeof chatSendInputSchema>;

export const chatSessionInputSchema = z.object({ sessionId: sessionIdSchema });
export const chatReadInputSchema = z.object({ sessionId: sessionIdSchema, upTo: messageIdSchema });

/** A page of messages: the newest (neither cursor), older than `before`, or newer than `after`. */
export const chatMessagesQuerySchema = z.object({
  sessionId: sessionIdSchema,
  before: messageIdSchema.optional(),
  after: messageIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).default(50),
});
export const adminChatMessagesQuerySchema = chatMessagesQuerySchema.omit({ sessionId: true });

export const chatMessageSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  message: z.string(),
  isAdminMessage: z.boolean(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Oldest first; `hasMore`: there are further messages in the direction asked. */
export const chatMessagesSchema = z.object({
  items: z.array(chatMessageSchema),
  hasMore: z.boolean(),
});
export type ChatMessages = z.infer<typeof chatMessagesSchema>;

/** The customer's conversation (there is one per customer; it reopens when they write). */
export const chatSessionSchema = z.object({
  id: z.string(),
  subject: z.string(),
  status: z.enum(CHAT_STATUSES),
  lastMessageAt: z.string().nullable(),
  /** The newest message id each side has seen (null: none). */
  customerReadUpTo: z.string().nullable(),
  adminReadUpTo: z.string().nullable(),
  /** Replies the customer has not seen yet. */
  unread: z.number().int(),
  createdAt: z.string(),
});
export type ChatSession = z.infer<typeof chatSessionSchema>;

const person = z.object({ id: z.string(), name: z.string() });

/** An admin's view of a message: who wrote it, and internal notes (never shown to customers). */
export const adminChatMessageSchema = chatMessageSchema.extend({
  kind: z.enum(['customer', 'admin', 'note']),
  author: person.nullable(),
});
export type AdminChatMessage = z.infer<typeof adminChatMessageSchema>;
export const adminChatMessagesSchema = z.object({
  items: z.array(adminChatMessageSchema),
  hasMore: z.boolean(),
});
export type AdminChatMessages = z.infer<typeof adminChatMessagesSchema>;

export const adminChatSessionSchema = z.object({
  id: z.string(),
  user: z.object({
    id: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string(),
  }),
  subject: z.string(),
  status: z.enum(CHAT_STATUSES),
  lastMessageAt: z.string().nullable(),
  /** The newest message (a note included), shortened. */
  preview: z.string().nullable(),
  /** Customer messages no admin has seen yet. */
  unread: z.number().int(),
  assignee: person.nullable(),
  customerReadUpTo: z.string().nullable(),
  adminReadUpTo: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminChatSession = z.infer<typeof adminChatSessionSchema>;

export const adminChatSessionsQuerySchema = z.object({
  filter: z.enum(CHAT_FILTERS, 'Unknown filter').default('all'),
  /** Part of the customer's email or name, or of the subject. */
  q: singleLine(z.string().trim().max(100, 'At most 100 characters'), 'Search')
    .optional()
    .transform((q) => q || undefined),
  ...pageQuery(30),
});
export type AdminChatSessionsQuery = z.input<typeof adminChatSessionsQuerySchema>;

export const adminChatSessionsSchema = z.object({
  items: z.array(adminChatSessionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminChatSessions = z.infer<typeof adminChatSessionsSchema>;

/** Counts for the filters and the navbar: conversations by status, mine, and unread ones. */
export const adminChatSummarySchema = z.object({
  open: z.number().int(),
  pending: z.number().int(),
  resolved: z.number().int(),
  mine: z.number().int(),
  /** Conversations with customer messages no admin has seen. */
  unread: z.number().int(),
});
export type AdminChatSummary = z.infer<typeof adminChatSummarySchema>;

/** PATCH a conversation: its status, and who handles it (null: nobody). */
export const adminChatUpdateSchema = z
  .object({
    status: z.enum(CHAT_STATUSES, 'Unknown status').optional(),
    assigneeId: z.uuid('Not an admin id').nullable().optional(),
  })
  .refine((u) => u.status !== undefined || u.assigneeId !== undefined, 'Nothing to change');

export const adminChatAgentSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
});
export type AdminChatAgent = z.infer<typeof adminChatAgentSchema>;

export const cannedReplyInputSchema = z.object({
  title: singleLine(
    z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(60),
    'Title',
  ),
  body: chatTextSchema,
});
export type CannedReplyInput = z.input<typeof cannedReplyInputSchema>;
export const cannedReplySchema = z.object({ id: z.string(), title: z.string(), body: z.string() });
export type CannedReply = z.infer<typeof cannedReplySchema>;
