import { chooseSender, type SenderStatus } from '@parley/shared/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useSmsSenders } from '../api/senders';
import { senderIdError } from '../validation';
import { SenderRequestDialog } from './sender-request-dialog';

/** Statuses under which the message goes out as the brand sender instead. */
const FALLS_BACK: SenderStatus[] = ['pending', 'rejected', 'not_requested'];

/**
 * Under the Sender ID field: which sender the message will go out with and why, worked
 * out from the customer's sender IDs as the server does; a way to ask for approval.
 */
export function SenderNotice({ senderId, id }: { senderId: string; id: string }) {
  const { t } = useTranslation();
  const senders = useSmsSenders();
  const [asking, setAsking] = useState(false);
  if (!senders.data || senderIdError(senderId)) return null;
  const { defaultSender, ownedNumbers, requests } = senders.data;
  const of = (status: string) => requests.filter((r) => r.status === status).map((r) => r.senderId);
  const choice = chooseSender(senderId, {
    defaultSender,
    owned: ownedNumbers,
    approved: of('approved'),
    pending: of('pending'),
    rejected: of('rejected'),
  });
  const fallback = FALLS_BACK.includes(choice.status);
  const canAsk = choice.status === 'not_requested' || choice.status === 'rejected';
  return (
    <div
      className={`flex flex-wrap items-center gap-2 rounded-md border p-2 text-xs ${fallback ? 'border-amber-300 bg-amber-50 text-amber-950' : 'bg-muted/40 text-muted-foreground'}`}
    >
      <p id={id} data-testid="sender-notice" data-status={choice.status}>
        {t(`sms.senders.notice.${choice.status}`, {
          sender: choice.requested,
          used: choice.used,
        })}
      </p>
      {canAsk && (
        <Button type="button" size="sm" variant="outline" onClick={() => setAsking(true)}>
          {t('sms.senders.ask')}
        </Button>
      )}
      {asking && (
        <SenderRequestDialog
          open={asking}
          onOpenChange={setAsking}
          initialSender={senderId.trim()}
          defaultSender={defaultSender}
        />
      )}
    </div>
  );
}
