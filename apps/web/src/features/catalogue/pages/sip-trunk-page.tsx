import { Activity, Globe, Lock, Settings, Shuffle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackLink } from '@/components/back-link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { getPublicConfig } from '@/lib/public-config';
import { usePackages } from '../api/catalogue';
import { useTrunkSettings } from '../api/trunk-settings';
import { ConfigureTrunkForm } from '../components/configure-trunk-dialog';
import { FeatureList } from '../components/feature-list';
import { PackageGrid } from '../components/package-grid';

const TABS = ['overview', 'technical', 'monitoring', 'addons', 'pricing'] as const;
const FEATURES = [
  { key: 'capacity', icon: Activity },
  { key: 'security', icon: Lock },
  { key: 'failover', icon: Shuffle },
  { key: 'coverage', icon: Globe },
] as const;
const TECHNICAL = ['server', 'ports', 'transport', 'codecs', 'dtmf', 'fax'] as const;

/** /services/sip-trunk: the enterprise trunk, the customer's settings, tiers and add-ons. */
export default function SipTrunkPage() {
  const { t } = useTranslation();
  const [configuring, setConfiguring] = useState(false);
  const settings = useTrunkSettings();
  const packages = usePackages('sip-trunk');
  const tiers = packages.data?.filter((p) => !p.isAddon) ?? [];
  const addons = packages.data?.filter((p) => p.isAddon) ?? [];

  const packagesState = packages.isPending ? (
    <p role="status">{t('common.loading')}</p>
  ) : packages.error ? (
    <p role="alert" className="text-destructive">
      {t('voip.loadFailed')}
    </p>
  ) : null;

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <BackLink to="/dashboard">{t('voip.back')}</BackLink>
      <header className="flex flex-wrap items-start gap-4">
        <div className="me-auto">
          <h1 className="text-3xl font-bold">{t('sipTrunk.title')}</h1>
          <p className="mt-2 text-muted-foreground">{t('sipTrunk.subtitle')}</p>
          <Link to="/sip-services" className="mt-2 inline-block text-sm text-primary underline">
            {t('dashboard.allSip')}
          </Link>
        </div>
        <Button onClick={() => setConfiguring(true)} disabled={!settings.data}>
          <Settings aria-hidden="true" />
          {t('sipTrunk.configure.open')}
        </Button>
      </header>

      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('sipTrunk.yourSettings')}</CardTitle>
        </CardHeader>
        <CardContent>
          {settings.isPending ? (
            <p role="status">{t('common.loading')}</p>
          ) : settings.error ? (
            <p role="alert" className="text-destructive">
              {t('sipTrunk.settingsFailed')}
            </p>
          ) : (
            <>
              <dl className="grid gap-4 sm:grid-cols-3">
                <div>
                  <dt className="text-sm text-muted-foreground">
                    {t('sipTrunk.configure.authMethod')}
                  </dt>
                  <dd className="font-medium">{t(`sipTrunk.auth.${settings.data.authMethod}`)}</dd>
                </div>
                <div>
                  <dt className="text-sm text-muted-foreground">
                    {t('sipTrunk.configure.channels')}
                  </dt>
                  <dd className="font-medium">{settings.data.concurrentCalls}</dd>
                </div>
                <div>
                  <dt className="text-sm text-muted-foreground">{t('sipTrunk.configure.codec')}</dt>
                  <dd className="font-medium">{t(`sipTrunk.codecs.${settings.data.codec}`)}</dd>
                </div>
              </dl>
              {settings.data.updatedAt === null && (
                <p className="mt-3 text-sm text-muted-foreground">{t('sipTrunk.defaults')}</p>
              )}
            </>
          )}
        </CardContent>
      </Card>

      <Tabs defaultValue="overview">
        <TabsList className="h-auto flex-wrap">
          {TABS.map((tab) => (
            <TabsTrigger key={tab} value={tab}>
              {t(`sipTrunk.tabs.${tab}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <FeatureList prefix="sipTrunk.features" items={FEATURES} />
        </TabsContent>
        <TabsContent value="technical">
          <dl className="divide-y rounded-lg border">
            {TECHNICAL.map((key) => (
              <div key={key} className="grid gap-1 p-4 sm:grid-cols-3">
                <dt className="font-medium">{t(`sipTrunk.technical.${key}.label`)}</dt>
                <dd className="text-muted-foreground sm:col-span-2">
                  {t(`sipTrunk.technical.${key}.value`, { host: getPublicConfig().sipDomain })}
                </dd>
              </div>
            ))}
          </dl>
        </TabsContent>
        <TabsContent value="monitoring">
          <div className="rounded-lg border p-8 text-center">
            <Activity aria-hidden="true" className="mx-auto size-8 text-muted-foreground" />
            <h3 className="mt-3 font-semibold">{t('sipTrunk.monitoring.emptyTitle')}</h3>
            <p className="mt-1 text-sm text-muted-foreground">
              {t('sipTrunk.monitoring.emptyText')}
            </p>
          </div>
        </TabsContent>
        <TabsContent value="addons" className="space-y-4">
          <p className="text-muted-foreground">{t('sipTrunk.addonsIntro')}</p>
          {packagesState}
          <PackageGrid packages={addons} />
        </TabsContent>
        <TabsContent value="pricing" className="space-y-4">
          <p className="text-muted-foreground">
            {t('sipTrunk.pricingIntro')}{' '}
            <Link to="/prices-coverage" className="text-primary underline">
              {t('sipTrunk.perCountry')}
            </Link>
          </p>
          {packagesState}
          <PackageGrid packages={tiers} />
        </TabsContent>
      </Tabs>

      <Dialog open={configuring} onOpenChange={setConfiguring}>
        <DialogContent closeLabel={t('common.close')}>
          {settings.data && (
            <ConfigureTrunkForm current={settings.data} onDone={() => setConfiguring(false)} />
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}
