import type { CallerIds } from '@parley/shared';
import { FlaskConical } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { regionName } from '@/lib/country-name';
import { fieldText } from '@/lib/field-errors';
import { isUnauthorized } from '@/lib/session-expired';
import { showToast } from '@/lib/toast';
import { useConfirmVerification, useStartVerification } from '../api/voice';
import { useVoiceErrorText } from '../api/voice-errors';

const CODE = /^\d{6}$/;

type Pending = CallerIds['pending'][number];

/**
 * For a caller ID that is neither the customer's number nor verified: "Verify a number"
 * sends it a 6-digit code by SMS, then the code is entered and confirmed. Lives inside
 * the call form, so its buttons do not submit it and Enter in the code confirms. A code
 * already sent (`pending`, from the server's list) resumes at its entry after a reload;
 * in sandbox mode the code itself is shown, marked as sandbox.
 */
export function VerifyCallerId({
  number,
  id,
  pending = null,
}: {
  number: string;
  id: string;
  pending?: Pending | null;
}) {
  const { t, i18n } = useTranslation();
  const start = useStartVerification();
  const confirm = useConfirmVerification();
  const errorText = useVoiceErrorText();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const sent = start.data ?? pending;

  /** Why no code was sent: the SMS rules it meets have words of their own here. */
  const sendProblem = (err: unknown) => {
    if (err instanceof ApiError && err.code === 'INSUFFICIENT_BALANCE')
      return t('voice.verify.needsBalance');
    if (err instanceof ApiError && err.code === 'DESTINATION_NOT_SUPPORTED') {
      const name = regionName(String(err.params.country ?? ''), i18n.language);
      return name
        ? t('voice.verify.unsupported', { country: name })
        : t('voice.verify.unsupportedAny');
    }
    return errorText(err, t('voice.verify.sendFailed'));
  };

  const send = () => {
    setProblem(null);
    setCodeError(null);
    start.mutate(number, {
      onSuccess: () => setCode(''),
      onError: (err) => {
        if (!isUnauthorized(err)) setProblem(sendProblem(err));
      },
    });
  };

  const submitCode = () => {
    setProblem(null);
    const typed = code.trim();
    if (!CODE.test(typed)) return setCodeError(fieldText(t, { code: 'CODE_INVALID' }) ?? null);
    setCodeError(null);
    confirm.mutate(
      { number, code: typed },
      {
        onSuccess: () =>
          showToast('success', t('common.success'), t('voice.verify.done', { number })),
        onError: (err) => {
          if (isUnauthorized(err)) return;
          const field = err instanceof ApiError ? err.fields.code : undefined;
          if (field) setCodeError(fieldText(t, field) ?? null);
          else setProblem(errorText(err, t('voice.verify.confirmFailed')));
        },
      },
    );
  };

  const onCodeKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    // Enter confirms the code rather than placing the call.
    e.preventDefault();
    submitCode();
  };

  const expires = sent
    ? new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(
        new Date(sent.expiresAt),
      )
    : null;

  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {t('voice.verify.title')}
      </h3>
      <p>{t('voice.verify.text', { number })}</p>
      {!sent ? (
        <Button type="button" size="sm" onClick={send} disabled={start.isPending}>
          {start.isPending ? t('voice.verify.sending') : t('voice.verify.start')}
        </Button>
      ) : (
        <div className="space-y-3">
          <p role="status">{t('voice.verify.sent', { number: sent.number, time: expires })}</p>
          {sent.sandboxCode && <SandboxCode id={`${id}-sandbox`} code={sent.sandboxCode} />}
          <div className="flex flex-wrap items-end gap-2">
            <FormField
              id={`${id}-code`}
              label={t('voice.verify.code')}
              error={codeError}
              className="flex w-40 flex-col gap-2"
            >
              <Input
                value={code}
                onChange={(e) => setCode(e.target.value)}
                onKeyDown={onCodeKey}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                dir="ltr"
                className="bg-background"
              />
            </FormField>
            <Button type="button" size="sm" onClick={submitCode} disabled={confirm.isPending}>
              {confirm.isPending ? t('voice.verify.confirming') : t('voice.verify.confirm')}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={send}
              disabled={start.isPending}
            >
              {t('voice.verify.resend')}
            </Button>
          </div>
        </div>
      )}
      {problem && (
        <p role="alert" className="text-destructive">
          {problem}
        </p>
      )}
    </section>
  );
}

/** Sandbox mode sends no real SMS: the code is shown to the customer who asked for it. */
function SandboxCode({ id, code }: { id: string; code: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="note"
      aria-labelledby={`${id}-title`}
      className="space-y-1 rounded-md border border-sky-300 bg-sky-50 p-3 text-sky-950"
    >
      <p id={`${id}-title`} className="flex items-center gap-2 font-semibold">
        <FlaskConical aria-hidden="true" className="size-4" />
        {t('callerIdSandbox.title')}
      </p>
      <p>
        {t('callerIdSandbox.text')}{' '}
        <span className="font-mono text-base font-semibold tracking-widest" dir="ltr">
          {code}
        </span>
      </p>
    </div>
  );
}
