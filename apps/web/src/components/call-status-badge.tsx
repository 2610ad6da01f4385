import type { CallStatus } from '@parley/shared';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type ToneMap } from '@/components/status-badge';

/** The spec's rule: ended is done, failed (and busy, unanswered) refused, else waiting. */
export const CALL_TONES: ToneMap<CallStatus> = {
  ended: 'good',
  failed: 'bad',
  busy: 'bad',
  no_answer: 'bad',
};

const LATE_TONE: ToneMap<'late'> = { late: 'waiting' };

/** A call's status; with `lateReportAt`, a second badge says its answer was reported late. */
export function CallStatusBadge({
  status,
  lateReportAt = null,
}: {
  status: CallStatus;
  lateReportAt?: string | null;
}) {
  const { t } = useTranslation();
  const badge = (
    <StatusBadge status={status} tones={CALL_TONES}>
      {t(`callStatus.${status}`)}
    </StatusBadge>
  );
  if (!lateReportAt) return badge;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {badge}
      <StatusBadge status="late" tones={LATE_TONE} title={t('callLate.hint')}>
        {t('callLate.badge')}
      </StatusBadge>
    </span>
  );
}
