import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AlertsTab } from '../components/alerts-tab';
import { CallsTab } from '../components/calls-tab';
import { OverviewTab } from '../components/overview-tab';
import { QualityTab } from '../components/quality-tab';

const TABS = ['overview', 'calls', 'quality', 'alerts'] as const;
type Tab = (typeof TABS)[number];

/** SIP monitoring from the customer's own call records, live while open (call.updated). */
export default function SipMonitoringPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.find((x) => x === requested) ?? 'overview';
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-10">
      <BackLink to="/services/sip">{t('monitoring.back')}</BackLink>
      <div>
        <h1 className="text-3xl font-bold">{t('monitoring.title')}</h1>
        <p className="text-muted-foreground">{t('monitoring.text')}</p>
      </div>
      <Tabs value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        <TabsList className="h-auto flex-wrap justify-start">
          {TABS.map((x) => (
            <TabsTrigger key={x} value={x} className="flex-none">
              {t(`monitoring.tabs.${x}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab />
        </TabsContent>
        <TabsContent value="calls">
          <CallsTab />
        </TabsContent>
        <TabsContent value="quality">
          <QualityTab />
        </TabsContent>
        <TabsContent value="alerts">
          <AlertsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
