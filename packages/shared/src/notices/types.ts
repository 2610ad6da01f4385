import type { NotificationCode } from '../domain/notifications.js';

/** A notice's words: `{name}` stands for a value of the notice (NOTIFICATION_PARAMS). */
export interface NoticeTemplate {
  title: string;
  body: string;
}

/** One language's words for every notice, and around them in an email. */
export interface NoticeTexts {
  codes: { [C in NotificationCode]: NoticeTemplate } & {
    /** When the notice says when a suspended number is released. */
    'subscription.suspended': NoticeTemplate & { bodyWithRelease: string };
    /** When the admin gave a reason: `{reason}`. */
    'payment.rejected': NoticeTemplate & { bodyWithReason: string };
  };
  /** A code this version does not know yet (written by a newer one). */
  unknown: NoticeTemplate;
  email: {
    greeting: string;
    /** Why this email came. */
    footer: string;
    /** Where all notices can be read: `{url}`. */
    link: string;
  };
}
