import { Shield, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useFormat } from '../use-format';
import { AddFundsDialog } from './add-funds-dialog';

/** The crypto balance to the penny (rounded down), and the way to top it up. */
export function BalanceCard({ balance }: { balance: string }) {
  const { t } = useTranslation();
  const { balance: balanceText } = useFormat();
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-4 p-6">
        <div className="space-y-1.5">
          <CardTitle as="h2" className="flex items-center gap-2">
            <Wallet aria-hidden="true" className="size-5 text-primary" />
            {t('dashboard.balance.title')}
          </CardTitle>
          <CardDescription>{t('dashboard.balance.description')}</CardDescription>
        </div>
        <AddFundsDialog />
      </div>
      <CardContent>
        <p className="text-4xl font-bold" data-testid="balance">
          {balanceText(balance)}
        </p>
      </CardContent>
    </Card>
  );
}

/** For admins: the way into the admin panel. */
export function AdminCard() {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Shield aria-hidden="true" className="size-5 text-primary" />
          {t('dashboard.adminAccess')}
        </CardTitle>
        <CardDescription>{t('dashboard.adminAccessText')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Link to="/admin" className={buttonVariants()}>
          {t('nav.adminPanel')}
        </Link>
      </CardContent>
    </Card>
  );
}
