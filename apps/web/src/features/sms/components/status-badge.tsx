import type { SmsMessage } from '@parley/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

type Tone = 'active' | 'inactive' | 'pending';

/**
 * Sent (and delivered) is active, failed inactive, anything else pending.
 * Expired (no receipt in time, refunded) reads as failed.
 */
export function smsTone(status: SmsMessage['status']): Tone {
  if (status === 'sent' || status === 'delivered') return 'active';
  return status === 'failed' || status === 'expired' ? 'inactive' : 'pending';
}

const TONES: Record<Tone, string> = {
  active: 'border-green-200 bg-green-100 text-green-800',
  inactive: 'border-red-200 bg-red-100 text-red-800',
  pending: 'border-yellow-200 bg-yellow-100 text-yellow-900',
};

export function SmsStatusBadge({ status }: { status: SmsMessage['status'] }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        TONES[smsTone(status)],
      )}
    >
      {t(`sms.status.${status}`)}
    </span>
  );
}
