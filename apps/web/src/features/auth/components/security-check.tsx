import { Loader2, ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { solveSecurityCheck } from '../api/security-check';

type State = 'idle' | 'verifying' | 'renewing' | 'verified' | 'failed';

/**
 * The "Verify security check" box: ticking it solves a proof-of-work challenge from
 * the server. `value` is the solved answer (null until solved); a parent clears it
 * after each submission, since an answer is accepted once only. The box then stays
 * ticked and a new answer is solved at once (a wrong password is not a reason to
 * tick it again); only a failure to solve unticks it.
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

  const solve = useCallback(
    async (next: 'verifying' | 'renewing') => {
      setState(next);
      const controller = new AbortController();
      abort.current = controller;
      try {
        onChange(await solveSecurityCheck(controller.signal));
        setState('verified');
      } catch {
        if (!controller.signal.aborted) setState('failed');
      }
    },
    [onChange],
  );
  useEffect(() => {
    if (value === null && state === 'verified') void solve('renewing');
  }, [value, state, solve]);
  useEffect(() => () => abort.current?.abort(), []);

  const start = () => {
    if (state === 'idle' || state === 'failed') void solve('verifying');
  };

  const checked = state === 'verified' || state === 'renewing';
  return (
    <div className="flex flex-col gap-1 rounded-md border bg-muted/50 p-3">
      <label className="flex cursor-pointer items-center gap-3 text-sm">
        <input
          type="checkbox"
          checked={checked}
          aria-busy={state === 'verifying' || state === 'renewing'}
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
