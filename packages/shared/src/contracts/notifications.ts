import { z } from 'zod';
import { LANGUAGE_CODES, type LanguageCode } from '../domain/languages.js';

/** Notices a page holds at most. */
export const NOTIFICATIONS_PAGE_MAX = 50;
/** Notices one request may mark read by id. */
export const NOTIFICATIONS_READ_MAX = 100;

const noticeIdSchema = z.uuid('Not a notification id');

/**
 * A notice as the customer reads it: a code and its values (domain/notifications.ts),
 * worded by the browser in the reader's language. `code` is any string, so a notice
 * written by a newer version still lists (worded generically).
 */
export const notificationSchema = z.object({
  id: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.string()),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notice = z.infer<typeof notificationSchema>;

/** Newest first: the first page, or those older than the notice `before`. */
export const notificationsQuerySchema = z.object({
  before: noticeIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(20),
});
export type NotificationsQuery = z.input<typeof notificationsQuerySchema>;

/** A page of notices; `hasMore`: older ones follow; `unread`: all unread, not only this page's. */
export const notificationsPageSchema = z.object({
  items: z.array(notificationSchema),
  hasMore: z.boolean(),
  unread: z.number().int(),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

/** Mark some notices read by id, or all of them; marking a read one again changes nothing. */
export const notificationsReadInputSchema = z
  .object({
    ids: z
      .array(noticeIdSchema)
      .min(1, 'Name at least one notification')
      .max(NOTIFICATIONS_READ_MAX, `At most ${NOTIFICATIONS_READ_MAX} at once`)
      .optional(),
    all: z.literal(true).optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.ids === undefined) === (v.all === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['ids'],
        message: 'Send either ids or all: true',
      });
  });
export type NotificationsReadInput = z.input<typeof notificationsReadInputSchema>;

export const notificationsUnreadSchema = z.object({ unread: z.number().int() });

/** The interface language the customer chose: their emails are written in it. */
export const accountLanguageInputSchema = z.object({
  language: z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]]),
});
export type AccountLanguageInput = z.input<typeof accountLanguageInputSchema>;
