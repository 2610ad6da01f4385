import { Loader2, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { solveSecurityCheck } from '../api/security-check';

type State = 'idle' | 'verifying' | 'verified' | 'failed';

/**
 * The "Verify security check" box: ticking it solves a proof-of-work challenge from
 * the server. `value` is the solved answer (null until solved); a parent clears it
 * after each submission, since an answer is accepted once only.
 */
export function SecurityCheck({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (v: string | null) => void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>('idle');
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    if (value === null && state === 'verified') setState('idle');
  }, [value, state]);
  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    if (state === 'verifying' || state === 'verified') return;
    setState('verifying');
    abort.current = new AbortController();
    try {
      onChange(await solveSecurityCheck(abort.current.signal));
      setState('verified');
    } catch {
      if (!abort.current.signal.aborted) setState('failed');
    }
  };

  const checked = state === 'verified';
  return (
    <div className="flex flex-col gap-1 rounded-md border bg-muted/50 p-3">
      <label className="flex cursor-pointer items-center gap-3 text-sm">
        <input
          type="checkbox"
          checked={checked}
          aria-busy={state === 'verifying'}
          onChange={start}
          className="size-4 shrink-0 accent-primary"
        />
        <span className="flex-1">
          {state === 'verifying' ? t('auth.securityChecking') : t('auth.securityCheck')}
        </span>
        {state === 'verifying' ? (
          <Loader2 aria-hidden="true" className="size-4 animate-spin text-primary" />
        ) : (
          <ShieldCheck aria-hidden="true" className="size-4 text-muted-foreground" />
        )}
      </label>
      {state === 'failed' && (
        <p role="alert" className="text-xs text-destructive">
          {t('auth.securityFailed')}
        </p>
      )}
    </div>
  );
}
