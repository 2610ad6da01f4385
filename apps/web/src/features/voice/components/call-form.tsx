import type { PlacedCall } from '@parley/shared';
import { BILLING_CURRENCY, MIN_CALL_BALANCE } from '@parley/shared/domain';
import { Phone } from 'lucide-react';
import { type FormEvent, type RefObject, useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { ltr } from '@/lib/bidi';
import { useUser } from '@/lib/current-user';
import { fieldText } from '@/lib/field-errors';
import { functionResolver, problemMessage, useErrorText } from '@/lib/form-resolver';
import { formatMoney } from '@/lib/money';
import { isUnauthorized } from '@/lib/session-expired';
import { showToast } from '@/lib/toast';
import { useDebounced } from '@/lib/use-debounced';
import { useCallerIds, useCallQuote, usePlaceCall } from '../api/voice';
import { isInsufficientForCall, useVoiceErrorText } from '../api/voice-errors';
import {
  type CallDraft,
  type CallField,
  e164,
  hasBalanceForCall,
  isKnownCallerId,
  sandboxOutcome,
  validateCall,
} from '../call-rules';
import { CallQuotePanel } from './call-quote';
import { VerifyCallerId } from './verify-caller-id';

const FIELDS: CallField[] = ['callerId', 'destination'];
const EXAMPLE_NUMBER = '+447400123456';
/** How long the caller ID must rest before verifying it is offered. */
const VERIFY_OFFER_DELAY_MS = 400;
const EMPTY: CallDraft = { callerId: '', destination: '' };
const resolver = functionResolver<CallDraft>(validateCall);

/**
 * The call form: a caller ID (one of the customer's numbers or verified ones, or a new
 * one to verify) and a destination, checked here by the contract's rules, priced by the
 * server before calling, then placed. `onPlaced` gets the new call for the live panel.
 */
export function CallForm({
  sandbox,
  blocked = null,
  onPlaced,
}: {
  /** The gateway is the sandbox: test destinations are pointed out. */
  sandbox: boolean;
  /** Why no call can be placed now (the softphone is not ready), said on submit. */
  blocked?: { title: string; text: string } | null;
  onPlaced: (call: PlacedCall) => void;
}) {
  const { t } = useTranslation();
  const callerIds = useCallerIds();
  const errorText = useErrorText();
  const form = useForm<CallDraft>({
    defaultValues: EMPTY,
    resolver,
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const placing = useRef(false);

  // A number whose code is still waiting is offered first (its entry resumes after a
  // reload), else the first of the customer's caller IDs, until they type another.
  const firstId = callerIds.data?.pending[0]?.number ?? callerIds.data?.items[0]?.number;
  useEffect(() => {
    if (firstId && !form.getValues('callerId') && !form.formState.dirtyFields.callerId)
      form.setValue('callerId', firstId);
  }, [firstId, form]);

  const draft = form.watch();
  const errors = validateCall(draft);
  const destination = errors.destination ? null : draft.destination.trim();
  const quote = useCallQuote(destination);
  const quoteFields = quote.error instanceof ApiError ? quote.error.fields : {};
  const errorOf = (f: CallField) =>
    errorText(form.formState.errors[f]?.message) ??
    (f === 'destination' ? fieldText(t, quoteFields.destination) : undefined);

  // Offered once the number has stopped changing, not at each digit typed.
  const settledCallerId = useDebounced(draft.callerId, VERIFY_OFFER_DELAY_MS);
  const unverified =
    !errors.callerId &&
    settledCallerId === draft.callerId &&
    callerIds.isSuccess &&
    !isKnownCallerId(draft.callerId, callerIds.data.items);
  const testOutcome = sandbox && destination ? sandboxOutcome(destination) : null;

  const { placeCall, pending } = usePlaceDraft(form, placing, blocked, onPlaced);

  const handle = form.handleSubmit(placeCall, (invalid) => {
    placing.current = false;
    const first = FIELDS.find((f) => invalid[f]);
    if (!first) return;
    // Rendered first, so the field is focused with its error already described.
    flushSync(() => form.setError(first, { ...invalid[first] }));
    document.getElementById(`sip-${first}`)?.focus();
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // A second click before the button re-renders as disabled places no second call.
    if (placing.current) return;
    placing.current = true;
    void handle(e);
  };

  const numbers = callerIds.data?.items ?? [];
  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={submit}
      noValidate
      aria-labelledby="sip-form-title"
    >
      <FormField
        id="sip-callerId"
        label={t('voice.form.callerId')}
        error={errorOf('callerId')}
        description={
          numbers.length ? t('voice.form.callerIdHint') : t('voice.form.callerIdHintNone')
        }
        after={
          unverified ? (
            <VerifyCallerId
              key={e164(draft.callerId)}
              number={e164(draft.callerId)}
              pending={callerIds.data?.pending.find((p) => p.number === e164(draft.callerId))}
              id="sip-verify"
            />
          ) : null
        }
      >
        <Input
          {...form.register('callerId')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          dir="ltr"
          list="sip-caller-ids"
        />
      </FormField>
      <CallerIdList numbers={numbers} />
      <FormField
        id="sip-destination"
        label={t('voice.form.destination')}
        error={errorOf('destination')}
        description={t('voice.form.destinationHint', { example: ltr(EXAMPLE_NUMBER) })}
        after={
          testOutcome ? (
            <p className="text-xs text-sky-900" data-testid="sandbox-outcome">
              {t(`voice.sandbox.outcome.${testOutcome}`)}
            </p>
          ) : null
        }
      >
        <Input
          {...form.register('destination')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          dir="ltr"
        />
      </FormField>
      <CallQuotePanel
        destination={destination}
        quote={quote.data}
        waiting={quote.waiting}
        error={quote.error}
      />
      <Button type="submit" className="self-start" disabled={pending}>
        <Phone aria-hidden="true" className="rtl:-scale-x-100" />
        {pending ? t('voice.form.placing') : t('voice.form.call')}
      </Button>
    </form>
  );
}

/**
 * Places a checked draft unless the softphone is not ready (`blocked`) or the balance
 * cannot pay; a refusal marks its fields and says why.
 */
function usePlaceDraft(
  form: UseFormReturn<CallDraft>,
  placing: RefObject<boolean>,
  blocked: { title: string; text: string } | null,
  onPlaced: (call: PlacedCall) => void,
) {
  const { t, i18n } = useTranslation();
  const { data: user } = useUser();
  const place = usePlaceCall();
  const voiceErrorText = useVoiceErrorText();
  const min = formatMoney(MIN_CALL_BALANCE, BILLING_CURRENCY, i18n.language);

  const placeCall = (values: CallDraft) => {
    if (blocked) {
      placing.current = false;
      return showToast('error', blocked.title, blocked.text);
    }
    if (!hasBalanceForCall(user?.cryptoBalance)) {
      placing.current = false;
      return showToast(
        'error',
        t('voice.toast.insufficientTitle'),
        t('voice.toast.insufficientText', { min }),
      );
    }
    place.mutate(
      { callerId: values.callerId.trim(), destination: values.destination.trim() },
      {
        onSettled: () => {
          placing.current = false;
        },
        onSuccess: (placed) => {
          showToast('success', t('common.success'), t('voice.toast.placed'));
          form.reset({ callerId: values.callerId, destination: '' });
          onPlaced(placed);
        },
        onError: (err) => {
          if (isUnauthorized(err)) return;
          if (isInsufficientForCall(err))
            return showToast(
              'error',
              t('voice.toast.insufficientTitle'),
              t('voice.toast.insufficientText', { min }),
            );
          if (err instanceof ApiError && err.code === 'CALLER_ID_NOT_VERIFIED')
            form.setError('callerId', { message: t('voice.errors.CALLER_ID_NOT_VERIFIED') });
          else if (err instanceof ApiError)
            for (const [k, v] of Object.entries(err.fields))
              if (FIELDS.includes(k as CallField))
                form.setError(k as CallField, { message: problemMessage(v) });
          showToast('error', t('common.error'), voiceErrorText(err, t('voice.toast.failed')));
        },
      },
    );
  };
  return { placeCall, pending: place.isPending };
}

/** The customer's caller IDs offered as the field is typed, each with where it came from. */
function CallerIdList({ numbers }: { numbers: readonly { number: string; source: string }[] }) {
  const { t } = useTranslation();
  return (
    <datalist id="sip-caller-ids">
      {numbers.map((n) => (
        <option key={n.number} value={n.number}>
          {t(`voice.form.source.${n.source}`)}
        </option>
      ))}
    </datalist>
  );
}
