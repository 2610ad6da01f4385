import { minDecimal } from '@parley/shared/domain';
import { Check, Globe, Lock, Minus, Radio, Shuffle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActionName } from '@/components/action-name';
import { BackLink } from '@/components/back-link';
import { FeatureList } from '@/components/feature-list';
import { GbpAmount } from '@/components/gbp-amount';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCoverage } from '@/lib/coverage';
import { formatMoney } from '@/lib/money';
import { getPublicConfig } from '@/lib/public-config';
import { useServices } from '@/lib/services-query';
import { useAllPackages, useSipDomains } from '../api/catalogue';
import { PackageGrid } from '../components/package-grid';
import { PageSection } from '../components/page-section';
import { PurchaseLink } from '../components/purchase-link';

/** The six plans the catalogue compares, each opening its own page. */
const PLANS = ['sip', 'voip', 'pbx', 'call-center', 'sip-trunk-advanced', 'analytics'] as const;
const STATS = [
  { key: 'uptime', value: '99.9%' },
  { key: 'countries', value: null },
  { key: 'support', value: '24/7' },
] as const;
const FEATURES = [
  { key: 'codecs', icon: Radio },
  { key: 'security', icon: Lock },
  { key: 'failover', icon: Shuffle },
  { key: 'reach', icon: Globe },
] as const;
/** Which plan includes what; the comparison table's ticks. */
const COMPARISON: Record<string, readonly (typeof PLANS)[number][]> = {
  outbound: ['sip', 'voip', 'pbx', 'call-center', 'sip-trunk-advanced'],
  numbers: ['voip', 'pbx', 'call-center', 'sip-trunk-advanced'],
  ivr: ['pbx', 'call-center'],
  recording: ['voip', 'call-center'],
  failover: ['sip-trunk-advanced'],
  reports: ['call-center', 'analytics'],
};

/** /sip-services: every SIP offer side by side, the SIP domains and the add-ons. */
export default function SipServicesPage() {
  const { t, i18n } = useTranslation();
  const coverage = useCoverage();
  const services = useServices(i18n.language);
  const packages = useAllPackages();
  const domains = useSipDomains();
  const plans = PLANS.map((slug) => services.data?.find((s) => s.slug === slug)).filter(
    (s) => s !== undefined,
  );
  // The lowest plan price in each currency the service's plans use; never compared
  // across currencies.
  const fromPrice = (slug: string) => {
    const own = packages.data?.filter((p) => p.serviceSlug === slug && !p.isAddon) ?? [];
    if (own.length === 0) return t('sipServices.perCall');
    const currencies = [...new Set(own.map((p) => p.currency))];
    const prices = currencies.map((currency) => {
      const min = minDecimal(own.filter((p) => p.currency === currency).map((p) => p.price));
      return formatMoney(min ?? '0', currency, i18n.language);
    });
    return t('sipServices.from', { price: prices.join(' / ') });
  };
  const addons = packages.data?.filter((p) => p.serviceSlug === 'sip' && p.isAddon) ?? [];
  const sales = getPublicConfig().telegramUrl ?? getPublicConfig().whatsappUrl;

  return (
    <div className="mx-auto max-w-6xl space-y-12 px-4 py-10">
      <BackLink to="/dashboard">{t('voip.back')}</BackLink>
      <header className="space-y-6">
        <div>
          <h1 className="text-3xl font-bold">{t('sipServices.title')}</h1>
          <p className="mt-2 text-muted-foreground">{t('sipServices.subtitle')}</p>
        </div>
        <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
          {STATS.map(({ key, value }) => (
            <div key={key} className="flex flex-col-reverse rounded-lg border p-4 text-center">
              <dt className="text-sm text-muted-foreground">{t(`sipServices.stats.${key}`)}</dt>
              <dd className="text-2xl font-bold text-primary">{value ?? coverage.countries}</dd>
            </div>
          ))}
          <div className="flex flex-col-reverse rounded-lg border p-4 text-center">
            <dt className="text-sm text-muted-foreground">{t('sipServices.stats.domains')}</dt>
            <dd className="text-2xl font-bold text-primary">{domains.data?.length ?? '—'}</dd>
          </div>
        </dl>
      </header>

      <PageSection id="sip-features" title={t('sipServices.featuresTitle')}>
        <FeatureList prefix="sipServices.features" items={FEATURES} />
      </PageSection>

      <PageSection id="sip-plans" title={t('sipServices.plansTitle')}>
        {(services.isPending || packages.isPending) && <p role="status">{t('common.loading')}</p>}
        {(services.error || packages.error) && (
          <p role="alert" className="text-destructive">
            {t('services.loadFailed')}
          </p>
        )}
        <ul className="grid gap-6 md:grid-cols-3">
          {plans.map((service) => (
            <li key={service.id}>
              <Card className="flex h-full flex-col">
                <CardHeader>
                  <CardTitle>{service.name}</CardTitle>
                  <CardDescription>{service.description}</CardDescription>
                </CardHeader>
                <CardContent className="mt-auto space-y-4">
                  <p className="text-lg font-semibold">{fromPrice(service.slug)}</p>
                  <Link
                    to={`/services/${service.slug}`}
                    className={`${buttonVariants({ variant: 'outline' })} w-full`}
                  >
                    <ActionName text={t('sipServices.access')} about={service.name} />
                  </Link>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </PageSection>

      {plans.length > 0 && (
        <PageSection id="sip-compare" title={t('sipServices.compareTitle')}>
          <div className="relative overflow-x-auto rounded-lg border">
            <table className="w-full text-sm">
              <thead className="bg-muted">
                <tr>
                  <th scope="col" className="p-3 text-start">
                    {t('sipServices.feature')}
                  </th>
                  {plans.map((s) => (
                    <th key={s.id} scope="col" className="p-3 text-center">
                      {s.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <tr className="border-t">
                  <th scope="row" className="p-3 text-start font-medium">
                    {t('sipServices.startingPrice')}
                  </th>
                  {plans.map((s) => (
                    <td key={s.id} className="p-3 text-center">
                      {fromPrice(s.slug)}
                    </td>
                  ))}
                </tr>
                {Object.entries(COMPARISON).map(([row, included]) => (
                  <tr key={row} className="border-t">
                    <th scope="row" className="p-3 text-start font-medium">
                      {t(`sipServices.compare.${row}`)}
                    </th>
                    {plans.map((s) => {
                      const yes = included.includes(s.slug as (typeof PLANS)[number]);
                      const Icon = yes ? Check : Minus;
                      return (
                        <td key={s.id} className="p-3 text-center">
                          <Icon
                            aria-hidden="true"
                            className={`mx-auto size-4 ${yes ? 'text-green-700' : 'text-muted-foreground'}`}
                          />
                          <span className="sr-only">
                            {yes ? t('sipServices.included') : t('sipServices.notIncluded')}
                          </span>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </PageSection>
      )}

      <PageSection id="sip-addons" title={t('sipServices.addonsTitle')}>
        <PackageGrid packages={addons} columns={2} />
      </PageSection>

      <PageSection
        id="sip-domains"
        title={t('sipServices.domainsTitle')}
        text={t('sipServices.domainsText')}
      >
        {domains.isPending && <p role="status">{t('common.loading')}</p>}
        {domains.error && (
          <p role="alert" className="text-destructive">
            {t('sipServices.domainsFailed')}
          </p>
        )}
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {domains.data?.map((d) => (
            <li key={d.id} className="flex flex-col gap-3 rounded-lg border p-4">
              <h3 className="break-all font-semibold" dir="ltr">
                {d.domain}
              </h3>
              <p className="text-sm text-muted-foreground">
                {t('sipServices.setupOnce', {
                  price: formatMoney(d.price, d.currency, i18n.language),
                })}{' '}
                <GbpAmount amount={d.balancePrice} currency={d.currency} />
              </p>
              <PurchaseLink
                service="sip-domain"
                type={d.domain}
                price={d.price}
                item={d.id}
                about={d.domain}
              >
                {t('voip.purchase')}
              </PurchaseLink>
            </li>
          ))}
        </ul>
      </PageSection>

      <section aria-labelledby="sip-help" className="rounded-lg bg-muted p-6">
        <h2 id="sip-help" className="text-xl font-semibold">
          {t('sipServices.helpTitle')}
        </h2>
        <p className="mt-2 text-muted-foreground">{t('sipServices.helpText')}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          {sales && (
            <a href={sales} target="_blank" rel="noreferrer" className={buttonVariants()}>
              {t('voip.contactSales')}
            </a>
          )}
          <Link to="/prices-coverage" className={buttonVariants({ variant: 'outline' })}>
            {t('prices.title')}
          </Link>
        </div>
      </section>
    </div>
  );
}
