import type { LanguageCode } from '@parley/shared/domain';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { Notice } from '../api/notifications';
import { noticeTime, Parts, wordedNotice } from './notice-text';

function NoticeItem({ notice, isNew }: { notice: Notice; isNew: boolean }) {
  const { t, i18n } = useTranslation();
  // An unknown language falls back to English in the notices' words.
  const language = i18n.language as LanguageCode;
  const worded = wordedNotice(notice, language);
  return (
    <li
      className={cn('border-b px-4 py-3 last:border-b-0', isNew && 'bg-accent/60')}
      data-testid="notice"
      data-new={isNew || undefined}
    >
      <p className="flex items-start gap-2 text-sm font-medium">
        {isNew && (
          <>
            <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" />
            <span className="sr-only">{t('notifications.new')}</span>
          </>
        )}
        <span className="min-w-0 break-words">
          <Parts parts={worded.title} />
        </span>
      </p>
      <p className="mt-1 break-words text-sm text-muted-foreground">
        <Parts parts={worded.body} />
      </p>
      <time dateTime={notice.createdAt} className="mt-1 block text-xs text-muted-foreground">
        <bdi>{noticeTime(notice.createdAt, language)}</bdi>
      </time>
    </li>
  );
}

/**
 * The open panel's notices: loading, a failure with Retry, none, or the list (new ones
 * marked), with the button for older ones.
 */
export function NoticeList({
  query,
  items,
  isNew,
  hasMore,
  loadingOlder,
  onOlder,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  items: readonly Notice[];
  isNew: (notice: Notice) => boolean;
  hasMore: boolean;
  loadingOlder: boolean;
  onOlder: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {query.isPending ? (
        <p className="px-4 py-6 text-sm text-muted-foreground">{t('common.loading')}</p>
      ) : query.isError && items.length === 0 ? (
        <div className="flex flex-wrap items-center gap-3 px-4 py-6">
          <p role="alert" className="text-sm text-destructive">
            {t('notifications.loadFailed')}
          </p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="px-4 py-6 text-sm text-muted-foreground">{t('notifications.empty')}</p>
      ) : (
        <ul>
          {items.map((n) => (
            <NoticeItem key={n.id} notice={n} isNew={isNew(n)} />
          ))}
        </ul>
      )}
      {hasMore && (
        <div className="border-t p-2 text-center">
          <Button variant="link" size="sm" disabled={loadingOlder} onClick={onOlder}>
            {t('notifications.older')}
          </Button>
        </div>
      )}
    </>
  );
}
