import type { Package } from '@parley/shared';
import { ArrowLeft, Check, Clock, Headphones, MessageCircle, Wifi } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatMoney } from '@/lib/money';
import { getPublicConfig } from '@/lib/public-config';
import { usePackages } from '../api/catalogue';

const BENEFITS = [
  { key: 'hd', icon: Headphones },
  { key: 'uptime', icon: Wifi },
  { key: 'support', icon: Clock },
] as const;

/** What the payment page reads back (SPEC §2, "VoIP packages screen"). */
export function rememberVoipPlan(plan: Package): void {
  const selected = {
    type: 'voip-package',
    name: `VoIP ${plan.name} Plan`,
    price: Number(plan.price),
    details: { features: plan.features, billingPeriod: plan.billingPeriod, period: 'monthly' },
  };
  localStorage.setItem('selectedVoIPPackage', JSON.stringify(selected));
}

export default function VoipPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { data, isPending, error } = usePackages('voip');
  const plans = (data ?? []).filter((p) => p.billingPeriod === 'monthly');
  const sales = getPublicConfig().telegramUrl ?? getPublicConfig().whatsappUrl;

  return (
    <div className="mx-auto max-w-6xl space-y-10 px-4 py-10">
      <Link
        to="/dashboard"
        className="inline-flex items-center gap-2 text-sm text-primary hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
        {t('voip.back')}
      </Link>
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
            <Card
              className={`flex h-full flex-col ${plan.isPopular ? 'border-primary shadow-md' : ''}`}
            >
              <CardHeader>
                {plan.isPopular && (
                  <span className="w-fit rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground">
                    {t('voip.popular')}
                  </span>
                )}
                <CardTitle>
                  <h2>{plan.name}</h2>
                </CardTitle>
                <CardDescription>{plan.description}</CardDescription>
                <p className="text-3xl font-bold">
                  {formatMoney(plan.price, plan.currency, i18n.language)}
                  <span className="text-sm font-normal text-muted-foreground">
                    {' '}
                    {t('voip.perMonth')}
                  </span>
                </p>
              </CardHeader>
              <CardContent className="flex flex-1 flex-col">
                <ul className="flex-1 space-y-2 text-sm">
                  {plan.features.map((f) => (
                    <li key={f} className="flex items-center gap-2">
                      <Check aria-hidden="true" className="size-4 text-primary" />
                      {f}
                    </li>
                  ))}
                </ul>
                <Button
                  className="mt-6 w-full"
                  aria-label={t('voip.purchaseLabel', { plan: plan.name })}
                  onClick={() => {
                    rememberVoipPlan(plan);
                    void navigate('/payment');
                  }}
                >
                  {t('voip.purchase')}
                </Button>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>

      <div id="setup" className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>{t('voip.setup.title')}</h2>
            </CardTitle>
            <CardDescription>{t('voip.setup.text')}</CardDescription>
          </CardHeader>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>{t('voip.billing.title')}</h2>
            </CardTitle>
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
        <a href="#setup" className={buttonVariants({ variant: 'outline' })}>
          {t('voip.technicalDocs')}
        </a>
      </div>
    </div>
  );
}
