import { MessageSquare, Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServicePage } from '@/components/service-page';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { BalanceCard } from '../components/balance-card';
import { BulkSend } from '../components/bulk-send';
import { MessageHistory } from '../components/message-history';
import { EMPTY_DRAFT, SendForm } from '../components/send-form';
import { SenderIdsCard } from '../components/sender-ids-card';
import type { SmsDraft } from '../validation';

/**
 * SMS sending: the form, bulk upload, the balance and the message history; `children`
 * (another feature's sections, composed in app/pages) come after, full width.
 */
export default function SmsPage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<SmsDraft>(EMPTY_DRAFT);
  return (
    <ServicePage
      title={t('sms.title')}
      subtitle={t('sms.subtitle')}
      main={
        <>
          <Card>
            <CardHeader>
              <CardTitle as="h2" id="sms-form-title" className="flex items-center gap-2">
                <MessageSquare aria-hidden="true" className="size-5 text-primary" />
                {t('sms.form.title')}
              </CardTitle>
            </CardHeader>
            <CardContent>
              <SendForm
                draft={draft}
                onChange={(field, value) => setDraft((d) => ({ ...d, [field]: value }))}
                onReset={() => setDraft(EMPTY_DRAFT)}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle as="h2" className="flex items-center gap-2">
                <Users aria-hidden="true" className="size-5 text-primary" />
                {t('sms.bulk.title')}
              </CardTitle>
              <CardDescription>{t('sms.bulk.description')}</CardDescription>
            </CardHeader>
            <CardContent>
              <BulkSend senderId={draft.senderId} message={draft.message} />
            </CardContent>
          </Card>
        </>
      }
      side={
        <>
          <BalanceCard />
          <SenderIdsCard />
          <MessageHistory />
        </>
      }
    >
      {children}
    </ServicePage>
  );
}
