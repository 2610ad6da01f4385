import type { SmsMessage } from '@parley/shared';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type ToneMap } from '@/components/status-badge';

/**
 * Sent (and delivered) is done, failed is refused, anything else waits.
 * Expired (no receipt in time, refunded) reads as failed.
 */
export const SMS_TONES: ToneMap<SmsMessage['status']> = {
  sent: 'good',
  delivered: 'good',
  failed: 'bad',
  expired: 'bad',
};

export function SmsStatusBadge({ status }: { status: SmsMessage['status'] }) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={status} tones={SMS_TONES}>
      {t(`sms.status.${status}`)}
    </StatusBadge>
  );
}
