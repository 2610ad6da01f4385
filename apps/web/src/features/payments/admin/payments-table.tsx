import type { AdminPayment } from '@parley/shared';
import { BILLING_CURRENCY } from '@parley/shared/domain';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import { FormField } from '@/components/form-field';
import { Pager } from '@/components/pager';
import { QueryState } from '@/components/query-state';
import { StatusBadge, type ToneMap } from '@/components/status-badge';
import { Select } from '@/components/ui/input';
import { fullName } from '@/lib/current-user';
import { formatMoney } from '@/lib/money';
import { paymentNotes, paymentServiceName } from '@/lib/payment-text';
import { PaymentDecision } from './payment-decision';
import { PAYMENTS_PAGE_SIZE, type PaymentsFilter, useAdminPayments } from './payments-admin';

const FILTERS = ['all', 'pending', 'approved', 'rejected'] as const;

const PAYMENT_TONES: ToneMap<AdminPayment['status']> = { approved: 'good', rejected: 'bad' };

/** The full hash, linked to the network's block explorer when the server gives one. */
function TxHash({ payment }: { payment: AdminPayment }) {
  const { t } = useTranslation();
  if (!payment.txHash) return null;
  const text = <span className="break-all font-mono text-xs">{payment.txHash}</span>;
  if (!payment.explorerUrl) return <div className="text-muted-foreground">{text}</div>;
  return (
    <a
      href={payment.explorerUrl}
      target="_blank"
      rel="noopener noreferrer"
      title={t('adminPaymentsList.explorer')}
      className="block max-w-72 text-primary underline underline-offset-2"
    >
      {text}
    </a>
  );
}

/**
 * A plain warning when the customer's claimed amount is missing or differs from the
 * quote's exact amount: anyone can copy a hash off the chain, so the admin compares the
 * amount on chain before approving.
 */
function ClaimWarning({ payment }: { payment: AdminPayment }) {
  const { t } = useTranslation();
  // Older servers do not send it.
  if (!payment.amountDiffers) return null;
  const { claimedCryptoAmount: claimed, cryptoAmount: quoted, currency } = payment;
  return (
    <p className="mt-2 flex max-w-72 gap-1.5 rounded-md border border-amber-300 bg-amber-50 p-2 text-xs text-amber-900">
      <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
      <span>
        {claimed === null
          ? t('adminPaymentsList.noClaim', { quoted, currency })
          : t('adminPaymentsList.claimDiffers', { claimed, quoted, currency })}
      </span>
    </p>
  );
}

/** Filter by status and page through the list (new rows arrive on the first page). */
function Controls(props: {
  filter: PaymentsFilter;
  onChange: (filter: PaymentsFilter) => void;
  hasNext: boolean;
}) {
  const { t } = useTranslation();
  const { filter, onChange } = props;
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <FormField
        id="payments-status"
        label={t('adminPaymentsList.filter')}
        className="flex flex-col gap-1.5"
      >
        <Select
          value={filter.status}
          onChange={(e) =>
            onChange({ status: e.target.value as PaymentsFilter['status'], page: 0 })
          }
        >
          {FILTERS.map((f) => (
            <option key={f} value={f}>
              {f === 'all' ? t('adminPaymentsList.all') : t(`admin.payments.status.${f}`)}
            </option>
          ))}
        </Select>
      </FormField>
      <Pager
        label={t('admin.payments.title')}
        status={t('adminPaymentsList.page', { page: filter.page + 1 })}
        previous={t('adminPaymentsList.previous')}
        next={t('adminPaymentsList.next')}
        hasPrevious={filter.page > 0}
        hasNext={props.hasNext}
        onPrevious={() => onChange({ ...filter, page: filter.page - 1 })}
        onNext={() => onChange({ ...filter, page: filter.page + 1 })}
        live
      />
    </div>
  );
}

/** Payments newest first, by status and a page at a time; pending ones can be decided here. */
export function PaymentsTable() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<PaymentsFilter>({ status: 'all', page: 0 });
  const payments = useAdminPayments(filter);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const rows = payments.data ?? [];
  const controls = (
    <Controls filter={filter} onChange={setFilter} hasNext={rows.length >= PAYMENTS_PAGE_SIZE} />
  );
  return (
    <QueryState query={payments} errorText={t('admin.loadFailed')}>
      {() => (
        <div className="space-y-3">
          {controls}
          {rows.length === 0 ? (
            <p className="rounded-lg border p-6 text-center text-muted-foreground">
              {t('admin.payments.empty')}
            </p>
          ) : (
            <DataTable
              cards
              caption={t('admin.payments.title')}
              headers={[
                'date',
                'customer',
                'service',
                'amount',
                'crypto',
                'status',
                'decision',
              ].map((c) => t(`admin.payments.columns.${c}`))}
            >
              {rows.map((p) => (
                <tr key={p.id} className="border-t align-top">
                  <td className="p-3 whitespace-nowrap">{date.format(new Date(p.createdAt))}</td>
                  <td className="p-3">
                    <div>{fullName(p.user) || '—'}</div>
                    <div className="text-muted-foreground">{p.user.email}</div>
                  </td>
                  <td className="p-3">{paymentServiceName(t, p)}</td>
                  <td className="p-3 whitespace-nowrap" dir="ltr">
                    {p.amount} {p.amountCurrency}
                    <div className="text-muted-foreground">
                      {formatMoney(p.creditAmount, BILLING_CURRENCY, i18n.language, 4)}
                    </div>
                  </td>
                  <td className="p-3">
                    <div dir="ltr">
                      <div className="whitespace-nowrap">
                        {p.cryptoAmount} {p.currency}
                      </div>
                      <div className="break-all font-mono text-xs text-muted-foreground">
                        {p.walletAddress}
                      </div>
                      <TxHash payment={p} />
                    </div>
                    <ClaimWarning payment={p} />
                  </td>
                  <td className="p-3">
                    <StatusBadge status={p.status} tones={PAYMENT_TONES}>
                      {t(`admin.payments.status.${p.status}`)}
                    </StatusBadge>
                  </td>
                  <td className="p-3">
                    {p.status === 'pending' ? (
                      <PaymentDecision payment={p} />
                    ) : (
                      <div className="space-y-1">
                        <div>{paymentNotes(t, p)}</div>
                        <div className="text-xs text-muted-foreground">
                          {t('admin.payments.decidedBy', {
                            email: p.approverEmail ?? '—',
                            date: p.approvedAt ? date.format(new Date(p.approvedAt)) : '—',
                          })}
                        </div>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </div>
      )}
    </QueryState>
  );
}
