import { type AdminChatSessions, type AdminChatSummary, pagesOf } from '@parley/shared';
import { CHAT_FILTERS, type ChatFilter } from '@parley/shared/domain';
import { Search } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { listTotal } from '@/components/admin/page-nav';
import { Pager, pagesShown } from '@/components/pager';
import { Input } from '@/components/ui/input';
import { fullName } from '@/lib/current-user';
import { cn } from '@/lib/utils';
import type { SessionsFilter } from './admin-chat';
import { ChatStatusBadge } from './chat-status-badge';

/** The count shown beside each filter (all has none): "1000+" past what it counts. */
const countOf = (summary: AdminChatSummary | undefined, f: ChatFilter) =>
  f === 'all' || !summary ? null : listTotal(summary[f]);

/**
 * Conversations, latest message first: customer, subject, status, when, unread count,
 * who handles it. Filters by status or "mine", and a search of names, emails, subjects.
 */
export function SessionList({
  data,
  summary,
  filter,
  onFilter,
  selected,
  onSelect,
  loading,
}: {
  data: AdminChatSessions | undefined;
  summary: AdminChatSummary | undefined;
  filter: SessionsFilter;
  onFilter: (f: SessionsFilter) => void;
  selected: string | null;
  onSelect: (id: string) => void;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation();
  const searchId = useId();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  // Past what the total counts (COUNT_CAP): "Page 2 of 50+", next open.
  const { pages, more } = data ? pagesOf(data.total, data.pageSize) : { pages: 1, more: false };
  return (
    <nav aria-label={t('adminChat.list')} className="flex min-h-0 flex-col rounded-lg border">
      <div className="space-y-2 border-b p-2">
        <label htmlFor={searchId} className="sr-only">
          {t('adminChat.search')}
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute start-2 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={searchId}
            type="search"
            className="ps-8"
            placeholder={t('adminChat.searchPlaceholder')}
            value={filter.q}
            maxLength={100}
            onChange={(e) => onFilter({ ...filter, q: e.target.value, page: 1 })}
          />
        </div>
        <fieldset className="flex flex-wrap gap-1">
          <legend className="sr-only">{t('adminChat.filter')}</legend>
          {CHAT_FILTERS.map((f) => {
            const count = countOf(summary, f);
            return (
              <button
                key={f}
                type="button"
                aria-pressed={filter.filter === f}
                onClick={() => onFilter({ ...filter, filter: f, page: 1 })}
                className={cn(
                  'rounded-full border px-2.5 py-1 text-xs font-medium',
                  filter.filter === f
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'hover:bg-accent',
                )}
              >
                {t(`adminChat.filters.${f}`)}
                {count !== null && <span className="ms-1 tabular-nums">({count})</span>}
              </button>
            );
          })}
        </fieldset>
      </div>
      <ul className="min-h-0 flex-1 divide-y overflow-y-auto" data-testid="chat-sessions">
        {data?.items.length === 0 && (
          <li className="p-4 text-center text-sm text-muted-foreground">
            {loading ? t('common.loading') : t('adminChat.noSessions')}
          </li>
        )}
        {data?.items.map((s) => {
          const name = fullName(s.user) || s.user.email;
          return (
            <li key={s.id}>
              <button
                type="button"
                aria-current={selected === s.id ? 'true' : undefined}
                onClick={() => onSelect(s.id)}
                data-testid="chat-session"
                data-session={s.id}
                className={cn(
                  'block w-full p-3 text-start hover:bg-accent focus-visible:bg-accent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                  selected === s.id && 'bg-accent',
                )}
              >
                <span className="flex items-center gap-2">
                  <span className="min-w-0 flex-1 truncate font-medium">{name}</span>
                  {s.unread > 0 && (
                    <span
                      className="rounded-full bg-red-700 px-2 text-xs font-bold text-white"
                      data-testid="chat-session-unread"
                    >
                      <span className="sr-only">{t('adminChat.unread', { count: s.unread })}</span>
                      <span aria-hidden="true">{s.unread}</span>
                    </span>
                  )}
                  <ChatStatusBadge status={s.status} />
                </span>
                <span className="block truncate text-xs text-muted-foreground">
                  <bdi dir="ltr">{s.user.email}</bdi>
                </span>
                {s.subject && (
                  <span dir="auto" className="block truncate text-start text-sm">
                    {s.subject}
                  </span>
                )}
                {s.preview && s.preview !== s.subject && (
                  <span
                    dir="auto"
                    className="block truncate text-start text-xs text-muted-foreground"
                    data-testid="chat-session-preview"
                  >
                    {s.preview}
                  </span>
                )}
                <span className="mt-0.5 flex justify-between gap-2 text-xs text-muted-foreground">
                  <span className="truncate">
                    {s.assignee
                      ? t('adminChat.handledBy', { name: s.assignee.name })
                      : t('adminChat.unassigned')}
                  </span>
                  {s.lastMessageAt && (
                    <time dateTime={s.lastMessageAt} className="shrink-0 whitespace-nowrap">
                      {when.format(new Date(s.lastMessageAt))}
                    </time>
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {(pages > 1 || more) && (
        <Pager
          className="border-t p-2"
          label={t('adminChat.pages')}
          status={t('adminChat.page', {
            page: filter.page,
            pages: pagesShown(pages, filter.page, more),
          })}
          previous={t('adminChat.previous')}
          next={t('adminChat.next')}
          hasPrevious={filter.page > 1}
          hasNext={more || filter.page < pages}
          onPrevious={() => onFilter({ ...filter, page: filter.page - 1 })}
          onNext={() => onFilter({ ...filter, page: filter.page + 1 })}
        />
      )}
    </nav>
  );
}
