import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** The agent's online/offline switch; locked while a call is in progress. */
export function StatusSwitch({
  online,
  locked,
  onChange,
}: {
  online: boolean;
  locked: boolean;
  onChange: (online: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="space-y-2">
      <div className="flex items-center gap-3">
        <button
          type="button"
          role="switch"
          aria-checked={online}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-text`}
          disabled={locked}
          onClick={() => onChange(!online)}
          className={cn(
            'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50',
            online ? 'bg-primary' : 'bg-slate-400',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'inline-block size-6 rounded-full bg-white shadow transition-transform',
              online ? 'translate-x-5 rtl:-translate-x-5' : 'translate-x-0',
            )}
          />
        </button>
        <span id={`${id}-label`} className="font-medium">
          {t('callCentre.agent.status.label')}
        </span>
        <span
          className={cn(
            'ms-auto rounded-full px-2.5 py-0.5 text-xs font-semibold',
            online ? 'bg-green-100 text-green-800' : 'bg-slate-100 text-slate-800',
          )}
        >
          {online ? t('callCentre.agent.status.online') : t('callCentre.agent.status.offline')}
        </span>
      </div>
      <p id={`${id}-text`} className="text-sm text-muted-foreground">
        {locked
          ? t('callCentre.agent.status.locked')
          : online
            ? t('callCentre.agent.status.onText')
            : t('callCentre.agent.status.offText')}
      </p>
    </div>
  );
}
