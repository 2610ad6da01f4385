import type { Purchasable } from '@parley/shared';
import { compareDecimal } from '@parley/shared/domain';
import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmButton } from '@/components/confirm-button';
import { useFormErrorMessage } from '@/components/form-error';
import { isolate } from '@/lib/bidi';
import { useUser } from '@/lib/current-user';
import { formatBalance, formatMoney } from '@/lib/money';
import { showToast } from '@/lib/toast';
import { useBuyFromBalance } from '../api/payments';
import { renewalTerms } from '../renewal-terms';

/** "Pay from balance": when the balance covers the item, it is bought and active at once. */
export function BalancePurchase({
  item,
  trunkId,
}: {
  item: Purchasable;
  /** A trunk add-on bought from a trunk's page: the trunk it is for. */
  trunkId?: string;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useUser();
  const buy = useBuyFromBalance();
  // One id for this purchase: a double click or a retry buys once (insecure contexts lack it).
  const [orderId] = useState(() => globalThis.crypto?.randomUUID?.());
  const messageOf = useFormErrorMessage();
  if (!user) return null;
  // A price may have fractions of a penny (up to four decimals); the balance is read to
  // the penny, rounded down (decision 0047).
  const price = formatMoney(item.balancePrice, 'GBP', i18n.language, 4);
  const covers = compareDecimal(user.cryptoBalance, item.balancePrice) >= 0;
  const terms = renewalTerms(t, price, item.balancePrice, item.balanceRenewal, i18n.language);
  return (
    <section aria-labelledby="pay-balance" className="space-y-3 rounded-lg border p-4">
      <h3 id="pay-balance" className="flex items-center gap-2 font-semibold">
        <Wallet aria-hidden="true" className="size-4 text-primary" />
        {t('payment.fromBalance.title')}
      </h3>
      <p className="text-sm text-muted-foreground">
        {t('payment.fromBalance.balance', {
          balance: formatBalance(user.cryptoBalance, i18n.language),
        })}
      </p>
      {terms && <p className="text-sm font-medium">{terms}</p>}
      {covers ? (
        <ConfirmButton
          disabled={buy.isPending}
          title={t('payment.fromBalance.confirmTitle')}
          description={[
            t('payment.fromBalance.confirmText', {
              price: isolate(price),
              item: isolate(item.name),
            }),
            terms,
          ]
            .filter(Boolean)
            .join(' ')}
          confirmLabel={t('payment.fromBalance.confirm', { price })}
          // Awaited rather than mutate's own callbacks: buying a number makes it unavailable,
          // the page then drops this section, and mutate's callbacks would never run.
          onConfirm={async () => {
            try {
              await buy.mutateAsync({ itemId: item.id, orderId, trunkId });
            } catch (err) {
              const failed = t('payment.fromBalance.failed');
              showToast('error', t('common.error'), messageOf(err, failed, failed));
              return;
            }
            showToast('success', t('common.success'), t('payment.fromBalance.done'));
            void navigate('/dashboard');
          }}
        >
          {buy.isPending ? t('payment.verifying') : t('payment.fromBalance.pay', { price })}
        </ConfirmButton>
      ) : (
        <p className="text-sm">{t('payment.fromBalance.short', { price })}</p>
      )}
    </section>
  );
}
