import { MIN_SMS_BALANCE } from '@parley/shared/domain';
import { useTranslation } from 'react-i18next';
import { ServiceBalanceCard } from '@/components/service-page';
import { useUser } from '@/lib/current-user';
import { formatMoney } from '@/lib/money';
import { hasBalanceForSms } from '../validation';

/** The balance to the penny (rounded down), and whether it pays for an SMS. */
export function BalanceCard() {
  const { t, i18n } = useTranslation();
  const { data: user } = useUser();
  const enough = hasBalanceForSms(user?.cryptoBalance);
  return (
    <ServiceBalanceCard
      id="sms-balance-title"
      title={t('sms.balance.title')}
      testId="sms-balance"
      enough={enough}
      note={t(enough ? 'sms.balance.minimum' : 'sms.balance.tooLow', {
        min: formatMoney(MIN_SMS_BALANCE, 'GBP', i18n.language, 4),
      })}
    />
  );
}
