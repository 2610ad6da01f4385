import type { SenderRequestStatus } from '@parley/shared';
import { BadgeCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { StatusBadge, type ToneMap } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSmsSenders } from '../api/senders';
import { SenderRequestDialog } from './sender-request-dialog';

const SENDER_TONES: ToneMap<SenderRequestStatus> = { approved: 'good', rejected: 'bad' };

/** The customer's sender IDs and their status, and a way to ask for another. */
export function SenderIdsCard() {
  const { t } = useTranslation();
  const senders = useSmsSenders();
  const [asking, setAsking] = useState(false);
  const data = senders.data;
  const waiting = data?.requests.filter((r) => r.status === 'pending').length ?? 0;
  const full = data ? waiting >= data.pendingMax : true;
  return (
    // No accessible label of its own: "Sender ID" names only the form's field.
    <Card>
      <CardHeader className="pb-2">
        <CardTitle as="h2" id="sms-senders-title" className="flex items-center gap-2">
          <BadgeCheck aria-hidden="true" className="size-5 text-primary" />
          {t('sms.senders.title')}
        </CardTitle>
        {data && (
          <CardDescription>
            {t('sms.senders.description', { sender: data.defaultSender })}
          </CardDescription>
        )}
      </CardHeader>
      <CardContent className="space-y-3">
        <QueryState
          query={senders}
          errorText={t('sms.senders.loadFailed')}
          empty={<p className="text-sm text-muted-foreground">{t('sms.senders.none')}</p>}
          isEmpty={(loaded) => loaded.requests.length === 0}
          small
        >
          {(loaded) => (
            <ul className="divide-y rounded-md border">
              {loaded.requests.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 p-2">
                  <span className="font-mono text-sm font-semibold" dir="ltr">
                    {r.senderId}
                  </span>
                  <StatusBadge
                    status={r.status}
                    tones={SENDER_TONES}
                    data-testid={`sender-status-${r.senderId}`}
                  >
                    {t(`sms.senders.status.${r.status}`)}
                  </StatusBadge>
                  {r.status === 'rejected' && r.adminNote && (
                    <span className="w-full text-xs text-muted-foreground" dir="auto">
                      {t('sms.senders.note', { note: r.adminNote })}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        {data && (
          <p className="text-xs text-muted-foreground">
            {t('sms.senders.waiting', { n: waiting, max: data.pendingMax })}
          </p>
        )}
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={full}
          onClick={() => setAsking(true)}
        >
          {t('sms.senders.ask')}
        </Button>
        {asking && data && (
          <SenderRequestDialog
            open={asking}
            onOpenChange={setAsking}
            initialSender=""
            defaultSender={data.defaultSender}
          />
        )}
      </CardContent>
    </Card>
  );
}
