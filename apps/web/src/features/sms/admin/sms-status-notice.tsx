import { MessageSquare, MessageSquareWarning } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSmsGatewayStatus } from './sms-status';

/** Tells the admin where customers' SMS go: the sandbox (no real phones) or SMPP. */
export function SmsStatusNotice() {
  const { t } = useTranslation();
  const { data } = useSmsGatewayStatus();
  if (!data) return null;
  if (data.mode === 'sandbox')
    return (
      <p
        id="sms-status"
        data-testid="sms-status"
        className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      >
        <MessageSquareWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t('admin.smsStatus.sandbox')}
      </p>
    );
  return (
    <p
      id="sms-status"
      data-testid="sms-status"
      className={`flex items-start gap-2 rounded-md border p-3 text-sm ${data.connected ? 'border-green-300 bg-green-50 text-green-950' : 'border-red-300 bg-red-50 text-red-950'}`}
    >
      <MessageSquare aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {t(data.connected ? 'admin.smsStatus.connected' : 'admin.smsStatus.disconnected', {
        count: data.queued,
      })}
    </p>
  );
}
