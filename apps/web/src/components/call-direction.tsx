import type { Call } from '@parley/shared';
import { PhoneIncoming } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Marks a call that rang one of the customer's numbers; outbound calls carry no mark. */
export function CallDirection({ call }: { call: Pick<Call, 'direction'> }) {
  const { t } = useTranslation();
  if (call.direction !== 'inbound') return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-sky-200 bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-900">
      <PhoneIncoming aria-hidden="true" className="size-3" />
      {t('callDirection.inbound')}
    </span>
  );
}
