import {
  LayoutDashboard,
  MessageSquare,
  PhoneCall,
  ShieldCheck,
  TrendingUp,
  Wallet,
  Zap,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ServicesGrid } from '@/components/services-grid';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardTitle } from '@/components/ui/card';
import { useUser } from '@/lib/current-user';
import { formatBalance } from '@/lib/money';

const BLURBS = [
  { key: 'secure', icon: ShieldCheck },
  { key: 'instant', icon: Zap },
  { key: 'scalable', icon: TrendingUp },
] as const;

/** The signed-in home at "/": a welcome, the balance, services and quick actions. */
export default function HomePage() {
  const { t, i18n } = useTranslation();
  const { data: user } = useUser();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-7xl space-y-10 px-4 py-10">
      <section className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-3xl font-bold">
            {t('home.welcome', { name: user.firstName || t('home.fallbackName') })}
          </h1>
          <p className="mt-2 text-muted-foreground">{t('home.subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to="/dashboard" className={buttonVariants()}>
            <LayoutDashboard aria-hidden="true" />
            {t('home.goToDashboard')}
          </Link>
          <a href="#your-services" className={buttonVariants({ variant: 'outline' })}>
            {t('home.browseServices')}
          </a>
        </div>
      </section>

      <Card>
        <div className="flex items-center justify-between gap-4 p-6">
          <CardTitle className="flex items-center gap-2">
            <Wallet aria-hidden="true" className="size-5 text-primary" />
            {t('home.currentBalance')}
          </CardTitle>
          <Link to="/add-funds" className={buttonVariants({ size: 'sm' })}>
            {t('home.addFunds')}
          </Link>
        </div>
        <CardContent>
          <p className="text-4xl font-bold" data-testid="balance">
            {formatBalance(user.cryptoBalance, i18n.language)}
          </p>
        </CardContent>
      </Card>

      <ul className="grid gap-6 md:grid-cols-3">
        {BLURBS.map(({ key, icon: Icon }) => (
          <li key={key} className="rounded-lg border p-6">
            <Icon aria-hidden="true" className="size-8 text-primary" />
            <h2 className="mt-3 font-semibold">{t(`home.blurbs.${key}.title`)}</h2>
            <p className="mt-1 text-sm text-muted-foreground">{t(`home.blurbs.${key}.text`)}</p>
          </li>
        ))}
      </ul>

      <section id="your-services" aria-labelledby="your-services-title" className="scroll-mt-20">
        <h2 id="your-services-title" className="text-2xl font-bold">
          {t('home.yourServices')}
        </h2>
        <div className="mt-4">
          <ServicesGrid signedIn />
        </div>
      </section>

      <section aria-labelledby="quick-actions-title">
        <h2 id="quick-actions-title" className="text-2xl font-bold">
          {t('home.quickActions')}
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <Link
            to="/services/sms"
            className={buttonVariants({ variant: 'outline', size: 'lg', justify: 'start' })}
          >
            <MessageSquare aria-hidden="true" />
            {t('home.sendSms')}
          </Link>
          <Link
            to="/services/sip"
            className={buttonVariants({ variant: 'outline', size: 'lg', justify: 'start' })}
          >
            <PhoneCall aria-hidden="true" />
            {t('home.makeCall')}
          </Link>
        </div>
      </section>
    </div>
  );
}
