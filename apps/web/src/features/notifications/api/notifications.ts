import type { Notice, NotificationsPage, NotificationsReadInput } from '@parley/shared';
import { notificationsApi } from '@parley/shared/api';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api';

export const notificationsKey = ['notifications'] as const;
const PAGE = 20;

/** The newest page of the customer's notices, and how many of all are unread. */
export const notificationsQueryOptions = queryOptions({
  queryKey: notificationsKey,
  queryFn: () => call(notificationsApi.list, { query: { limit: PAGE } }),
});

/** The page of notices older than `before`. */
export const fetchOlderNotifications = (before: string) =>
  call(notificationsApi.list, { query: { limit: PAGE, before } });

export const markNotificationsRead = (body: NotificationsReadInput) =>
  call(notificationsApi.read, { body });

/** Notices as read, when they are among `ids` (or all are). */
export const markedRead = (notices: Notice[], ids: readonly string[] | 'all', at: string) =>
  notices.map((n) =>
    !n.readAt && (ids === 'all' || ids.includes(n.id)) ? { ...n, readAt: at } : n,
  );

/** Shows a mark at once on the cached page, with what the server counts unread now. */
export function applyRead(
  client: QueryClient,
  ids: readonly string[] | 'all',
  unread: number,
  at: string,
) {
  client.setQueryData<NotificationsPage>(notificationsKey, (page) =>
    page ? { ...page, unread, items: markedRead(page.items, ids, at) } : page,
  );
}

export type { Notice };
