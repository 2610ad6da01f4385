import { Shield, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ServicesGrid } from '@/components/services-grid';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useUser } from '@/lib/current-user';

/** The customer dashboard; balances, history and statistics arrive with payments. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-10">
      <h1 className="text-3xl font-bold">
        {t('dashboard.welcome', { name: user.firstName || t('home.fallbackName') })}
      </h1>
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="flex items-center gap-2">
              <Wallet aria-hidden="true" className="size-5 text-primary" />
              {t('home.currentBalance')}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-4xl font-bold">£{user.cryptoBalance}</p>
          </CardContent>
        </Card>
        {user.isAdmin && (
          <Card>
            <CardHeader>
              <CardTitle as="h2" className="flex items-center gap-2">
                <Shield aria-hidden="true" className="size-5 text-primary" />
                {t('dashboard.adminAccess')}
              </CardTitle>
            </CardHeader>
            <CardContent>
              <Link to="/admin" className={buttonVariants()}>
                {t('nav.adminPanel')}
              </Link>
            </CardContent>
          </Card>
        )}
      </div>
      <section aria-labelledby="dashboard-services" className="space-y-4">
        <div className="flex flex-wrap items-baseline gap-3">
          <h2 id="dashboard-services" className="me-auto text-2xl font-semibold">
            {t('home.yourServices')}
          </h2>
          <Link to="/sip-services" className="text-sm text-primary underline">
            {t('dashboard.allSip')}
          </Link>
        </div>
        <ServicesGrid signedIn />
      </section>
    </div>
  );
}
