import type { ChatStatus } from '@parley/shared';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type ToneMap } from '@/components/status-badge';

const TONES: ToneMap<ChatStatus> = { open: 'bad', pending: 'waiting', resolved: 'good' };

/** Open (waits for us) red, pending (waits for the customer) yellow, resolved green. */
export function ChatStatusBadge({ status }: { status: ChatStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={status} tones={TONES} data-testid="chat-status">
      {t(`adminChat.status.${status}`)}
    </StatusBadge>
  );
}
