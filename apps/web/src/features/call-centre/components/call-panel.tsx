import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useFormat } from '../format';
import { CALL_RESULTS, type CallResult, type Customer } from '../sample-data';
import { CustomerStatusBadge } from './badges';
import type { CallPhase } from './use-simulated-call';

/**
 * The agent's current call: whom it rings, its phase and timer, Call and Hang up, and
 * once it has ended the result to log.
 */
export function CallPanel({
  customer,
  online,
  phase,
  seconds,
  onDial,
  onHangUp,
  onResult,
}: {
  customer: Customer;
  online: boolean;
  phase: CallPhase;
  seconds: number;
  onDial: () => void;
  onHangUp: () => void;
  onResult: (result: CallResult) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const [result, setResult] = useState<CallResult | null>(null);
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!result) return;
    onResult(result);
    setResult(null);
  };
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-lg border p-4 sm:p-6">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t('callCentre.agent.call.title')}
      </h2>
      <div className="space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="text-lg font-semibold">{customer.name}</span>
          <CustomerStatusBadge status={customer.status} />
        </p>
        <p className="text-sm text-muted-foreground">{customer.company}</p>
        <p>
          <span dir="ltr" className="font-mono">
            {customer.phone}
          </span>
        </p>
        <p className="text-sm">{t(`callCentre.sample.notes.${customer.note}`)}</p>
      </div>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-md bg-muted p-3">
        <p role="status" data-testid="call-phase" className="font-semibold">
          {t(`callCentre.agent.call.phase.${phase}`)}
        </p>
        {(phase === 'connected' || phase === 'ended') && (
          <p className="text-sm">
            {t('callCentre.agent.call.time')}{' '}
            <span data-testid="call-timer" className="font-mono tabular-nums">
              {format.duration(seconds)}
            </span>
          </p>
        )}
      </div>
      {phase === 'idle' && (
        <div className="space-y-2">
          <Button
            type="button"
            onClick={onDial}
            disabled={!online}
            aria-describedby={online ? undefined : `${id}-offline`}
          >
            {t('callCentre.agent.call.dial')}
          </Button>
          {!online && (
            <p id={`${id}-offline`} className="text-sm text-muted-foreground">
              {t('callCentre.agent.call.goOnline')}
            </p>
          )}
        </div>
      )}
      {(phase === 'dialing' || phase === 'connected') && (
        <Button type="button" variant="destructive" onClick={onHangUp}>
          {t('callCentre.agent.call.hangUp')}
        </Button>
      )}
      {phase === 'ended' && (
        <form onSubmit={save} className="space-y-3">
          <fieldset className="space-y-2">
            <legend className="mb-2 font-medium">{t('callCentre.agent.call.result')}</legend>
            <div className="flex flex-wrap gap-2">
              {CALL_RESULTS.map((r) => (
                <label
                  key={r}
                  className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent"
                >
                  <input
                    type="radio"
                    name={`${id}-result`}
                    value={r}
                    checked={result === r}
                    onChange={() => setResult(r)}
                    className="accent-primary"
                  />
                  {t(`callCentre.callResult.${r}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <Button type="submit" disabled={!result}>
            {t('callCentre.agent.call.save')}
          </Button>
        </form>
      )}
    </section>
  );
}
