import type { AdminChatSession } from '@parley/shared';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/input';
import { useUser } from '@/lib/current-user';
import { agentsQueryOptions } from './admin-chat';
import { ChatStatusBadge } from './chat-status-badge';

type Update = { status?: AdminChatSession['status']; assigneeId?: string | null };

/**
 * Who the conversation is with, its status and who handles it: resolve or reopen, claim,
 * release, transfer to another agent.
 */
export function ConversationHeader({
  session,
  customerName,
  pending,
  onUpdate,
}: {
  session: AdminChatSession;
  customerName: string;
  pending: boolean;
  onUpdate: (body: Update) => void;
}) {
  const { t } = useTranslation();
  const { data: me } = useUser();
  const transferId = useId();
  const agents = useQuery(agentsQueryOptions);
  const mine = session.assignee?.id === me?.id;
  return (
    <header className="space-y-2 border-b p-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="min-w-0 flex-1 truncate font-semibold">{customerName}</h2>
        <ChatStatusBadge status={session.status} />
      </div>
      <p className="truncate text-xs text-muted-foreground">
        <bdi dir="ltr">{session.user.email}</bdi>
        {session.subject && (
          <>
            {' · '}
            <bdi>{session.subject}</bdi>
          </>
        )}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {session.status === 'resolved' ? (
          <Button
            size="sm"
            variant="outline"
            disabled={pending}
            onClick={() => onUpdate({ status: 'open' })}
          >
            {t('adminChat.reopen')}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="outline"
            disabled={pending}
            onClick={() => onUpdate({ status: 'resolved' })}
          >
            {t('adminChat.resolve')}
          </Button>
        )}
        {!mine && me && (
          <Button
            size="sm"
            variant="outline"
            disabled={pending}
            onClick={() => onUpdate({ assigneeId: me.id })}
          >
            {t('adminChat.claim')}
          </Button>
        )}
        {mine && (
          <Button
            size="sm"
            variant="ghost"
            disabled={pending}
            onClick={() => onUpdate({ assigneeId: null })}
          >
            {t('adminChat.release')}
          </Button>
        )}
        <label htmlFor={transferId} className="sr-only">
          {t('adminChat.transfer')}
        </label>
        <div className="w-44">
          <Select
            id={transferId}
            className="h-9 text-sm"
            value=""
            disabled={pending || !agents.data}
            onChange={(e) => e.target.value && onUpdate({ assigneeId: e.target.value })}
          >
            <option value="">{t('adminChat.transfer')}</option>
            {agents.data
              ?.filter((a) => a.id !== session.assignee?.id)
              .map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name || a.email}
                </option>
              ))}
          </Select>
        </div>
        <span className="text-xs text-muted-foreground" data-testid="chat-assignee">
          {session.assignee
            ? t('adminChat.handledBy', { name: session.assignee.name })
            : t('adminChat.unassigned')}
        </span>
      </div>
    </header>
  );
}
