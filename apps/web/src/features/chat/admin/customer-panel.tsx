import type { AdminPayment } from '@parley/shared';
import { BILLING_CURRENCY } from '@parley/shared/domain';
import { ExternalLink } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CallStatusBadge } from '@/components/call-status-badge';
import { SmsStatusBadge } from '@/components/sms-status-badge';
import { fullName } from '@/lib/current-user';
import { formatMoney } from '@/lib/money';
import { cn } from '@/lib/utils';
import { useChatCustomer } from './admin-chat';

type DecidablePayment = Pick<AdminPayment, 'id' | 'creditAmount' | 'amount' | 'amountCurrency'> & {
  user: { email: string };
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t p-3">
      <h3 className="mb-2 text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

const None = ({ text }: { text: string }) => (
  <p className="text-sm text-muted-foreground">{text}</p>
);

const FAILED_SMS = new Set(['failed', 'expired']);
const FAILED_CALLS = new Set(['failed']);

/**
 * The customer beside their conversation: balance and status, payments waiting for a
 * decision (approved or rejected here, confirmed first), the last SMS and calls with
 * failures marked, and what they have bought with its renewal date.
 */
export function CustomerPanel({
  userId,
  paymentDecision: PaymentDecision,
}: {
  userId: string;
  /** The payments feature's Approve/Reject, handed in by the page (features stay apart). */
  paymentDecision: ComponentType<{ payment: DecidablePayment }>;
}) {
  const { t, i18n } = useTranslation();
  const c = useChatCustomer(userId);
  const lang = i18n.language;
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium' });
  const when = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const user = c.user.data;
  const active = (c.orders.data?.items ?? []).filter((o) => o.status === 'active');
  return (
    <aside
      aria-label={t('adminChat.customer.title')}
      className="overflow-y-auto rounded-lg border bg-background"
      data-testid="chat-customer"
    >
      <div className="p-3">
        <h2 className="font-semibold">{t('adminChat.customer.title')}</h2>
        {user ? (
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t('adminChat.customer.name')}</dt>
            <dd className="break-words">{fullName(user) || '—'}</dd>
            <dt className="text-muted-foreground">{t('adminChat.customer.email')}</dt>
            <dd className="break-all">
              <bdi dir="ltr">{user.email}</bdi>
            </dd>
            <dt className="text-muted-foreground">{t('adminChat.customer.balance')}</dt>
            <dd className="font-semibold" data-testid="chat-customer-balance">
              {formatMoney(user.cryptoBalance, BILLING_CURRENCY, lang, 4)}
            </dd>
            {user.held !== '0' && Number(user.held) > 0 && (
              <>
                <dt className="text-muted-foreground">{t('adminChat.customer.held')}</dt>
                <dd>{formatMoney(user.held, BILLING_CURRENCY, lang, 4)}</dd>
              </>
            )}
            <dt className="text-muted-foreground">{t('adminChat.customer.status')}</dt>
            <dd className={cn(user.disabled && 'font-semibold text-destructive')}>
              {user.disabled ? t('adminChat.customer.suspended') : t('adminChat.customer.active')}
            </dd>
            <dt className="text-muted-foreground">{t('adminChat.customer.since')}</dt>
            <dd>{date.format(new Date(user.createdAt))}</dd>
          </dl>
        ) : (
          <None text={c.user.isError ? t('adminChat.customer.unavailable') : t('common.loading')} />
        )}
        <Link
          to={`/admin?tab=users&user=${userId}`}
          className="mt-2 inline-flex items-center gap-1 text-sm text-primary underline underline-offset-2"
        >
          {t('adminChat.customer.open')}
          <ExternalLink aria-hidden="true" className="size-3.5" />
        </Link>
      </div>

      <Section title={t('adminChat.customer.pending')}>
        {(c.pending.data?.items.length ?? 0) === 0 ? (
          <None text={t('adminChat.customer.noPending')} />
        ) : (
          <ul className="space-y-3">
            {c.pending.data?.items.map((p) => (
              <li
                key={p.id}
                className="rounded-md border p-2 text-sm"
                data-testid="chat-pending-payment"
              >
                <p className="font-medium">
                  {p.amount} {p.amountCurrency} · {p.currency}
                </p>
                <p className="text-xs text-muted-foreground">
                  {when.format(new Date(p.createdAt))} ·{' '}
                  {t('adminChat.customer.credit', {
                    amount: formatMoney(p.creditAmount, BILLING_CURRENCY, lang, 4),
                  })}
                </p>
                {p.txHash && (
                  <p className="truncate font-mono text-xs" dir="ltr" title={p.txHash}>
                    {p.txHash}
                  </p>
                )}
                <div className="mt-2">
                  <PaymentDecision payment={{ ...p, user: { email: user?.email ?? '' } }} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t('adminChat.customer.sms')}>
        {(c.sms.data?.items.length ?? 0) === 0 ? (
          <None text={t('adminChat.customer.noSms')} />
        ) : (
          <ul className="space-y-1 text-sm">
            {c.sms.data?.items.map((m) => (
              <li
                key={m.id}
                className={cn(
                  'flex flex-wrap items-center gap-2',
                  FAILED_SMS.has(m.status) && 'rounded bg-red-50 px-1',
                )}
              >
                <span dir="ltr">{m.recipient}</span>
                <SmsStatusBadge status={m.status} />
                <span className="text-xs text-muted-foreground">
                  {when.format(new Date(m.createdAt))}
                </span>
                {m.error && <span className="text-xs text-destructive">{m.error}</span>}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t('adminChat.customer.calls')}>
        {(c.calls.data?.items.length ?? 0) === 0 ? (
          <None text={t('adminChat.customer.noCalls')} />
        ) : (
          <ul className="space-y-1 text-sm">
            {c.calls.data?.items.map((call) => (
              <li
                key={call.id}
                className={cn(
                  'flex flex-wrap items-center gap-2',
                  FAILED_CALLS.has(call.status) && 'rounded bg-red-50 px-1',
                )}
              >
                <span dir="ltr">{call.destination}</span>
                <CallStatusBadge status={call.status} />
                <span className="text-xs text-muted-foreground">
                  {when.format(new Date(call.createdAt))}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t('adminChat.customer.items')}>
        {active.length === 0 ? (
          <None text={t('adminChat.customer.noItems')} />
        ) : (
          <ul className="space-y-1 text-sm">
            {active.map((o) => (
              <li key={o.id}>
                <span className="font-medium">{o.name}</span>
                <span className="block text-xs text-muted-foreground">
                  {o.renewsAt
                    ? t('adminChat.customer.renews', { date: date.format(new Date(o.renewsAt)) })
                    : t('adminChat.customer.oneOff')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </aside>
  );
}
