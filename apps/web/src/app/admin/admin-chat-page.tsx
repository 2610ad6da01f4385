import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AccessDenied } from '@/components/admin/access-denied';
import { Button } from '@/components/ui/button';
import {
  CHECK_WHILE_UP_MS,
  chatSessionQueryOptions,
  chatSessionsQueryOptions,
  chatSummaryQueryOptions,
  SESSIONS_POLL_MS,
  type SessionsFilter,
} from '@/features/chat/admin/admin-chat';
import { CannedManager } from '@/features/chat/admin/canned-replies';
import { Conversation } from '@/features/chat/admin/conversation';
import { CustomerPanel } from '@/features/chat/admin/customer-panel';
import { SessionList } from '@/features/chat/admin/session-list';
import { PaymentDecision } from '@/features/payments/admin/payment-decision';
import { adminKeys } from '@/lib/admin-query-keys';
import { useUser } from '@/lib/current-user';
import { useStream, useStreamUp } from '@/lib/use-stream';
import { cn } from '@/lib/utils';

function Console() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const selected = params.get('session');
  const [filter, setFilter] = useState<SessionsFilter>({ filter: 'all', q: '', page: 1 });
  const streamUp = useStreamUp('admin');
  const poll = streamUp ? CHECK_WHILE_UP_MS : SESSIONS_POLL_MS;
  const sessions = useQuery({ ...chatSessionsQueryOptions(filter), refetchInterval: poll });
  const summary = useQuery({ ...chatSummaryQueryOptions, refetchInterval: poll });
  const session = useQuery({
    ...chatSessionQueryOptions(selected ?? ''),
    enabled: selected !== null,
    refetchInterval: poll,
  });
  // A payment, an adjustment or a call of anyone: the customer beside the chat may have changed.
  const reloadCustomer = () =>
    void queryClient.invalidateQueries({ queryKey: [...adminKeys.adminChat, 'customer'] });
  useStream('admin', true, {
    'transaction.created': reloadCustomer,
    'transaction.updated': reloadCustomer,
    'balance.adjusted': reloadCustomer,
    'call.updated': reloadCustomer,
  });

  const select = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('session', id);
        else next.delete('session');
        return next;
      },
      { replace: false },
    );

  return (
    <div
      className="mx-auto flex max-w-[100rem] flex-col gap-4 px-4 pt-6 pb-24"
      data-stream={streamUp ? 'up' : 'down'}
    >
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-bold">{t('nav.liveChat')}</h1>
        <CannedManager />
      </div>
      <div className="grid min-h-0 grid-cols-[minmax(0,1fr)] gap-4 lg:h-[calc(100dvh-12rem)] lg:grid-cols-[20rem_minmax(0,1fr)] xl:grid-cols-[20rem_minmax(0,1fr)_20rem]">
        <div className={cn('min-h-0', selected ? 'hidden lg:flex lg:flex-col' : 'flex flex-col')}>
          <SessionList
            data={sessions.data}
            summary={summary.data}
            filter={filter}
            onFilter={setFilter}
            selected={selected}
            onSelect={select}
            loading={sessions.isPending}
          />
        </div>
        {selected && session.data ? (
          <>
            <div className="flex min-h-[60dvh] flex-col gap-2 lg:min-h-0">
              <Button
                variant="ghost"
                size="sm"
                className="self-start lg:hidden"
                onClick={() => select(null)}
              >
                <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
                {t('adminChat.back')}
              </Button>
              <Conversation key={session.data.id} session={session.data} streamUp={streamUp} />
            </div>
            <div className="min-h-0 lg:col-span-2 xl:col-span-1">
              <CustomerPanel userId={session.data.user.id} paymentDecision={PaymentDecision} />
            </div>
          </>
        ) : (
          <div className="hidden flex-col items-center justify-center rounded-lg border border-dashed p-12 text-center lg:flex">
            <MessagesSquare aria-hidden="true" className="size-10 text-muted-foreground" />
            <p className="mt-3 text-muted-foreground">
              {selected && session.isError ? t('adminChat.notFound') : t('adminChat.noSelection')}
            </p>
          </div>
        )}
      </div>
    </div>
  );
}

/** /admin-chat: the live chat console; anyone but an admin sees Access Denied. */
export default function AdminChatPage() {
  const { data: user } = useUser();
  if (!user?.isAdmin) return <AccessDenied />;
  return <Console />;
}
