import { KeySquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { QueryState } from '@/components/query-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSipAccount } from '../api/voice';
import { CredentialsTab } from '../components/credentials-tab';
import { SetupGuide } from '../components/setup-guide';

/**
 * /sip-credentials: the customer's SIP account, and how to set up a softphone with it.
 * `?tab=guide` opens on the setup guide (the VoIP page's Technical Documentation).
 */
export default function SipCredentialsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const opening = params.get('tab') === 'guide' ? 'guide' : 'credentials';
  const account = useSipAccount();
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <BackLink to="/services/sip">{t('voice.credentials.back')}</BackLink>
      <header>
        <h1 className="flex items-center gap-3 text-3xl font-bold">
          <KeySquare aria-hidden="true" className="size-8 text-primary" />
          {t('voice.credentials.title')}
        </h1>
        <p className="mt-2 text-muted-foreground">{t('voice.credentials.subtitle')}</p>
      </header>
      <QueryState query={account} errorText={t('voice.credentials.loadFailed')}>
        {(data) => (
          <Tabs defaultValue={opening}>
            <TabsList className="max-w-md">
              <TabsTrigger value="credentials">{t('voice.credentials.tabCredentials')}</TabsTrigger>
              <TabsTrigger value="guide">{t('voice.credentials.tabGuide')}</TabsTrigger>
            </TabsList>
            <TabsContent value="credentials">
              <CredentialsTab account={data} />
            </TabsContent>
            <TabsContent value="guide">
              <SetupGuide account={data} />
            </TabsContent>
          </Tabs>
        )}
      </QueryState>
    </div>
  );
}
