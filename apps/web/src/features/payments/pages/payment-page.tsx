import type { Purchasable } from '@parley/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { getPublicConfig } from '@/lib/public-config';
import { usePurchasable } from '../api/payments';
import { BalancePurchase } from '../components/balance-purchase';
import { CryptoPaymentForm } from '../components/crypto-payment-form';
import { PackageCard } from '../components/package-card';
import type { PaymentTarget } from '../components/use-crypto-payment';
import { type SelectedPackage, selectedPackage } from '../selected-package';

const WALLET_APPS = ['Trust Wallet', 'MetaMask', 'Exodus', 'Coinbase Wallet', 'Ledger Live'];

function targetOf(selected: SelectedPackage, item: Purchasable | undefined): PaymentTarget | null {
  if (selected.kind === 'topup')
    return { kind: 'topup', amount: selected.price, currency: selected.currency };
  if (!item?.available) return null;
  return {
    kind: 'item',
    itemId: item.id,
    name: item.name,
    price: item.price,
    priceCurrency: item.currency === 'GBP' ? 'GBP' : 'USD',
  };
}

/** A new target (another query string) starts a new form: no quote or hash carries over. */
const targetKey = (target: PaymentTarget) =>
  target.kind === 'item'
    ? `item:${target.itemId}:${target.price}:${target.priceCurrency}`
    : `topup:${target.amount ?? ''}:${target.currency ?? ''}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /payment: what is being paid for, then "Pay from balance" when the balance
 * covers an item, and a locked crypto quote with Verify. /add-funds is the same page
 * for a top-up only.
 */
export default function PaymentPage({ addFunds = false }: { addFunds?: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const selected = useMemo(() => {
    const query = new URLSearchParams(params);
    if (addFunds) query.set('service', 'balance');
    return selectedPackage(query, localStorage);
  }, [params, addFunds]);
  const item = usePurchasable(selected.kind === 'package' ? selected.item : null);
  // A trunk add-on bought from a trunk's page names its trunk; the server checks it.
  const trunkId = UUID.test(params.get('trunk') ?? '')
    ? (params.get('trunk') ?? undefined)
    : undefined;
  const target = targetOf(selected, item.data);
  const support = getPublicConfig().supportEmail;

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <BackLink to="/dashboard">{t('payment.back')}</BackLink>
      <h1 className="text-3xl font-bold">
        {addFunds ? t('payment.addFunds') : t('payment.title')}
      </h1>
      {/* Columns of minmax(0, …): a long address or label wraps inside its card, never
          widening the page on a phone. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <PackageCard selected={selected} item={item.data} />
        <Card>
          <CardHeader>
            <CardTitle as="h2">{t('payment.details')}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-6">
            {selected.kind === 'package' && !selected.item ? (
              <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
                {t('payment.chooseAgain')}{' '}
                <Link to="/sip-services" className="underline">
                  {t('payment.catalogue')}
                </Link>
              </p>
            ) : item.isPending && selected.item ? (
              <p role="status">{t('common.loading')}</p>
            ) : item.isError || (item.data && !item.data.available) ? (
              <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
                {t('payment.itemUnavailable')}
              </p>
            ) : null}
            {item.data?.available && <BalancePurchase item={item.data} trunkId={trunkId} />}
            {target?.kind === 'item' && (
              <section aria-labelledby="pay-crypto" className="space-y-4">
                <h3 id="pay-crypto" className="font-semibold">
                  {t('payment.inCrypto')}
                </h3>
                <CryptoPaymentForm key={targetKey(target)} target={target} />
              </section>
            )}
            {target?.kind === 'topup' && (
              // A top-up is the whole card: "Payment Details" names it.
              <CryptoPaymentForm key={targetKey(target)} target={target} />
            )}
            <div>
              <h3 className="text-sm font-semibold">{t('payment.walletsTitle')}</h3>
              <ul className="mt-2 flex flex-wrap gap-2 text-sm">
                {WALLET_APPS.map((w) => (
                  <li key={w} className="rounded-full border px-3 py-1">
                    {w}
                  </li>
                ))}
              </ul>
            </div>
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('payment.support')}</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="list-decimal space-y-1 ps-5 text-sm">
            <li>{t('payment.steps.exact')}</li>
            <li>{t('payment.steps.confirmations')}</li>
            <li>{t('payment.steps.manual')}</li>
          </ol>
          <p className="mt-3 text-sm">
            {t('payment.help')}{' '}
            <a className="text-primary underline" href={`mailto:${support}`}>
              {support}
            </a>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
