import { Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackLink } from '@/components/back-link';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useUser } from '@/lib/current-user';
import { formatBalance } from '@/lib/money';
import { cn } from '@/lib/utils';

/**
 * A service's page (SMS, calls): back to the dashboard, the title, then a wide column of
 * work beside a narrow one of status; `children` come after, full width.
 */
export function ServicePage({
  title,
  subtitle,
  main,
  side,
  columnClassName = 'space-y-6',
  children,
}: {
  title: string;
  subtitle: string;
  main: ReactNode;
  side: ReactNode;
  columnClassName?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <BackLink to="/dashboard">{t('sms.back')}</BackLink>
      <header>
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-2 text-muted-foreground">{subtitle}</p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className={columnClassName}>{main}</div>
        <div className={columnClassName}>{side}</div>
      </div>
      {children}
    </div>
  );
}

/**
 * The balance to the penny (rounded down), whether it pays for the service (`enough`,
 * told by `note`), and the way to add funds. `lead` comes above the amount.
 */
export function ServiceBalanceCard({
  id,
  title,
  testId,
  enough,
  note,
  lead,
}: {
  id: string;
  title: string;
  testId: string;
  enough: boolean;
  note: string;
  lead?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { data: user } = useUser();
  const balance = user?.cryptoBalance ?? '0.00';
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader className="pb-2">
        <CardTitle as="h2" id={id} className="flex items-center gap-2">
          <Wallet aria-hidden="true" className="size-5 text-primary" />
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {lead}
        <p className="text-3xl font-bold" data-testid={testId}>
          {formatBalance(balance, i18n.language)}
        </p>
        <p className={cn('text-sm', enough ? 'text-muted-foreground' : 'text-destructive')}>
          {note}
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
