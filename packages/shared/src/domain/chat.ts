/** open: waits for an admin; pending: waits for the customer; resolved: done until they write. */
export const CHAT_STATUSES = ['open', 'pending', 'resolved'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];

/** The admin console's filters: every conversation, by status, or the ones I handle. */
export const CHAT_FILTERS = ['all', 'open', 'pending', 'resolved', 'mine'] as const;
export type ChatFilter = (typeof CHAT_FILTERS)[number];

/** The longest chat message, in characters. */
export const CHAT_MESSAGE_MAX = 2000;
