import { CirclePause, CirclePlay, CircleStop } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type ToneMap } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { canDo, type DialerAction, type DialerState } from '../dialer-rules';

const TONES: ToneMap<DialerState> = { stopped: 'neutral', running: 'good', paused: 'waiting' };
const ACTIONS = [
  { action: 'start', icon: CirclePlay, variant: 'default' },
  { action: 'pause', icon: CirclePause, variant: 'outline' },
  { action: 'stop', icon: CircleStop, variant: 'destructive' },
] as const satisfies { action: DialerAction; icon: unknown; variant: string }[];

/** The dialer's state and its Start, Pause and Stop buttons, each enabled only when it applies. */
export function DialerControls({
  state,
  onAction,
}: {
  state: DialerState;
  onAction: (action: DialerAction) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{t('callCentre.dialer.state')}</span>
        <span role="status">
          <StatusBadge status={state} tones={TONES} data-testid="dialer-state">
            {t(`callCentre.dialer.states.${state}`)}
          </StatusBadge>
        </span>
      </p>
      <div className="flex flex-wrap gap-2">
        {ACTIONS.map(({ action, icon: Icon, variant }) => (
          <Button
            key={action}
            type="button"
            variant={variant}
            disabled={!canDo(action, state)}
            onClick={() => onAction(action)}
          >
            <Icon aria-hidden="true" />
            {t(`callCentre.dialer.${action}`)}
          </Button>
        ))}
      </div>
    </div>
  );
}
