import type { CallStatus } from '@parley/shared';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/components/status-badge';
import { CALL_TONES } from '../call-rules';

export function CallStatusBadge({ status }: { status: CallStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={status} tones={CALL_TONES}>
      {t(`voice.status.${status}`)}
    </StatusBadge>
  );
}
