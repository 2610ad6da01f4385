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

export function CallStatusBadge({ status }: { status: CallStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={status} tones={CALL_TONES}>
      {t(`callStatus.${status}`)}
    </StatusBadge>
  );
}

/** Every status, for the filter (the contract's list, without loading zod here). */
export const CALL_STATUS_LIST: readonly CallStatus[] = [
  'dialing',
  'ringing',
  'answered',
  'ended',
  'busy',
  'no_answer',
  'failed',
  'cancelled',
];
