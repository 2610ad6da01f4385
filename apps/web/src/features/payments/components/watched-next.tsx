import { useTranslation } from 'react-i18next';
import type { Intent } from './use-crypto-payment';

/**
 * What a watched quote asks of the customer once the address shows: nothing for a
 * top-up (the balance is credited when the payment confirms); for a purchase, nothing
 * either once its intent is recorded (the item is bought when the money arrives).
 */
export function WatchedNext(props: {
  kind: 'topup' | 'item';
  intent: Intent;
  required: number | null;
}) {
  const { t } = useTranslation();
  if (props.kind === 'topup')
    return (
      <p className="text-sm text-muted-foreground">
        {t('watchedPayment.topUpNothingToDo', { required: props.required ?? 1 })}
      </p>
    );
  if (props.intent === 'recording')
    return <p className="text-sm text-muted-foreground">{t('watchedPayment.recording')}</p>;
  return <p className="text-sm text-muted-foreground">{t('watchedPayment.purchaseRecorded')}</p>;
}
