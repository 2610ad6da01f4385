import type { Transaction } from '@parley/shared';
import { add, BILLING_CURRENCY } from '@parley/shared/domain';
import { Clock, Shield, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useFormat } from '../use-format';
import { AddFundsDialog } from './add-funds-dialog';

/** What the payments awaiting approval will credit (GBP), or null when none awaits. */
export function pendingCredit(transactions: readonly Transaction[] | undefined): string | null {
  const pending = (transactions ?? []).filter((tx) => tx.status === 'pending');
  if (pending.length === 0) return null;
  return pending.reduce((sum, tx) => add(sum, tx.creditAmount, 2), '0');
}

/**
 * The crypto balance to the penny (rounded down), what payments awaiting approval will
 * add to it, and the way to top it up.
 */
export function BalanceCard({
  balance,
  pendingCredit: pending = null,
}: {
  balance: string;
  pendingCredit?: string | null;
}) {
  const { t } = useTranslation();
  const { balance: balanceText, money } = useFormat();
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
        {pending && (
          <p
            className="mt-2 flex items-center gap-1.5 text-sm text-muted-foreground"
            data-testid="balance-pending"
          >
            <Clock aria-hidden="true" className="size-4 shrink-0" />
            <span>
              {t('paymentOutcomes.pendingCredit', {
                credit: `\u2066${money(pending, BILLING_CURRENCY)}\u2069`,
              })}
            </span>
          </p>
        )}
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
