import type { Package } from '@parley/shared';
import { BookOpen, Clock, Headphones, MessageCircle, Wifi } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ActionName } from '@/components/action-name';
import { BackLink } from '@/components/back-link';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getPublicConfig } from '@/lib/public-config';
import { rememberSelection } from '@/lib/selection';
import { usePackages } from '../api/catalogue';
import { useHeldItems } from '../api/held-items';
import { PackageCard } from '../components/package-card';

const BENEFITS = [
  { key: 'hd', icon: Headphones },
  { key: 'uptime', icon: Wifi },
  { key: 'support', icon: Clock },
] as const;

/** Stores the chosen plan (as selectedVoIPPackage) for the payment page to read back. */
export function rememberVoipPlan(plan: Package): void {
  rememberSelection('selectedVoIPPackage', {
    type: 'voip-package',
    id: plan.id,
    name: `VoIP ${plan.name} Plan`,
    price: Number(plan.price),
    details: { features: plan.features, billingPeriod: plan.billingPeriod, period: 'monthly' },
  });
}

export default function VoipPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isPending, error } = usePackages('voip');
  const plans = (data ?? []).filter((p) => p.billingPeriod === 'monthly');
  const held = useHeldItems();
  const sales = getPublicConfig().telegramUrl ?? getPublicConfig().whatsappUrl;

  return (
    <div className="mx-auto max-w-6xl space-y-10 px-4 py-10">
      <BackLink to="/dashboard">{t('voip.back')}</BackLink>
      <header>
        <h1 className="text-3xl font-bold">{t('voip.title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('voip.subtitle')}</p>
      </header>
      <ul className="grid gap-4 md:grid-cols-3">
        {BENEFITS.map(({ key, icon: Icon }) => (
          <li key={key} className="flex items-start gap-3 rounded-lg border p-4">
            <Icon aria-hidden="true" className="size-6 text-primary" />
            <div>
              <h2 className="font-semibold">{t(`voip.benefits.${key}.title`)}</h2>
              <p className="text-sm text-muted-foreground">{t(`voip.benefits.${key}.text`)}</p>
            </div>
          </li>
        ))}
      </ul>

      {isPending && <p role="status">{t('common.loading')}</p>}
      {error && (
        <p role="alert" className="text-destructive">
          {t('voip.loadFailed')}
        </p>
      )}
      <ul className="grid gap-6 md:grid-cols-3">
        {plans.map((plan) => (
          <li key={plan.id}>
            <PackageCard
              pkg={plan}
              headingLevel="h2"
              held={held.get(plan.id)}
              action={
                <Button
                  className="w-full"
                  onClick={() => {
                    rememberVoipPlan(plan);
                    void navigate('/payment');
                  }}
                >
                  <ActionName text={t('voip.purchase')} about={plan.name} />
                </Button>
              }
            />
          </li>
        ))}
      </ul>

      <div id="setup" className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2">{t('voip.setup.title')}</CardTitle>
            <CardDescription>{t('voip.setup.text')}</CardDescription>
          </CardHeader>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">{t('voip.billing.title')}</CardTitle>
            <CardDescription>{t('voip.billing.text')}</CardDescription>
          </CardHeader>
        </Card>
      </div>
      <div className="flex flex-wrap gap-3">
        {sales && (
          <a href={sales} target="_blank" rel="noopener noreferrer" className={buttonVariants()}>
            <MessageCircle aria-hidden="true" />
            {t('voip.contactSales')}
          </a>
        )}
        {/* The set-up documentation: the softphone guide, with the customer's own account. */}
        <Link to="/sip-credentials?tab=guide" className={buttonVariants({ variant: 'outline' })}>
          <BookOpen aria-hidden="true" />
          {t('voip.technicalDocs')}
        </Link>
      </div>
    </div>
  );
}
