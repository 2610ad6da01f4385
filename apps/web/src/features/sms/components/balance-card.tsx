import { MIN_SMS_BALANCE } from '@parley/shared/domain';
import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useUser } from '@/lib/current-user';
import { formatBalance, formatMoney } from '@/lib/money';
import { hasBalanceForSms } from '../validation';

/** The balance to the penny (rounded down), and whether it pays for an SMS. */
export function BalanceCard() {
  const { t, i18n } = useTranslation();
  const { data: user } = useUser();
  const balance = user?.cryptoBalance ?? '0.00';
  const enough = hasBalanceForSms(user?.cryptoBalance);
  return (
    <Card role="region" aria-labelledby="sms-balance-title">
      <CardHeader className="pb-2">
        <CardTitle as="h2" id="sms-balance-title" className="flex items-center gap-2">
          <Wallet aria-hidden="true" className="size-5 text-primary" />
          {t('sms.balance.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-3xl font-bold" data-testid="sms-balance">
          {formatBalance(balance, i18n.language)}
        </p>
        <p className={`text-sm ${enough ? 'text-muted-foreground' : 'text-destructive'}`}>
          {t(enough ? 'sms.balance.minimum' : 'sms.balance.tooLow', {
            min: formatMoney(MIN_SMS_BALANCE, 'GBP', i18n.language, 4),
          })}
        </p>
        <Link
          to="/payment?service=balance&type=Add+Funds"
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          {t('sms.balance.addFunds')}
        </Link>
      </CardContent>
    </Card>
  );
}
