import { SMS_MAX_CHARACTERS } from '@parley/shared/domain';
import { Send } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useUser } from '@/lib/current-user';
import { showToast } from '@/lib/toast';
import { useDraftQuote } from '../api/draft-quote';
import { useSendSms } from '../api/sms';
import { useSmsErrorToast } from '../api/sms-errors';
import {
  characterCount,
  hasBalanceForSms,
  type SmsDraft,
  type SmsErrors,
  type SmsField,
  serverFieldMessage,
  validateSms,
} from '../validation';
import { useSmsErrorText } from './error-text';
import { QuotePanel } from './quote-panel';
import { SenderNotice } from './sender-notice';

/** Undefined where the browser has no crypto.randomUUID (an insecure context). */
const newRequestId = () => globalThis.crypto?.randomUUID?.();

const FIELDS: SmsField[] = ['senderId', 'recipient', 'message'];
const EXAMPLE_NUMBER = '+447400123456';

/** The single-message form (SPEC §2, §5): checked here, priced by the server, then sent. */
export function SendForm(props: {
  draft: SmsDraft;
  onChange: (field: SmsField, value: string) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const { draft } = props;
  const { data: user } = useUser();
  const send = useSendSms();
  const errorToast = useSmsErrorToast();
  const errorText = useSmsErrorText();
  const [shown, setShown] = useState<Set<SmsField>>(new Set());
  const [serverErrors, setServerErrors] = useState<SmsErrors>({});
  const sending = useRef(false);
  // One id per message, so the server sends it once however often it is submitted.
  const requestId = useRef(newRequestId());

  const errors = validateSms(draft);
  const valid = Object.keys(errors).length === 0;
  // What the server is asked about and sent: trimmed, the message exactly as typed.
  const input = valid
    ? { senderId: draft.senderId.trim(), recipient: draft.recipient.trim(), message: draft.message }
    : null;
  const quote = useDraftQuote(input);
  const quoteFields = quote.error instanceof ApiError ? quote.error.fields : {};
  const errorOf = (f: SmsField) =>
    serverErrors[f] ??
    (shown.has(f) ? errors[f] : undefined) ??
    (quoteFields[f] ? serverFieldMessage(quoteFields[f]) : undefined);
  const count = characterCount(draft.message);
  const tooLong = count > SMS_MAX_CHARACTERS;

  const change = (field: SmsField, value: string) => {
    setServerErrors(({ [field]: _, ...rest }) => rest);
    props.onChange(field, value);
  };
  const reveal = (field: SmsField) => setShown((s) => new Set(s).add(field));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // A second click before the first has re-rendered the button as disabled.
    if (sending.current) return;
    // Rendered first, so the field is focused with its error, aria-invalid and
    // aria-describedby in place and a screen reader reads the error with it.
    flushSync(() => setShown(new Set(FIELDS)));
    const first = FIELDS.find((f) => errors[f]);
    if (first || !input) return document.getElementById(`sms-${first}`)?.focus();
    if (!hasBalanceForSms(user?.cryptoBalance))
      return showToast('error', t('sms.toast.insufficientTitle'), t('sms.toast.insufficientText'));
    sending.current = true;
    send.mutate(
      { ...input, requestId: requestId.current },
      {
        onSettled: () => {
          sending.current = false;
        },
        onSuccess: (sent) => {
          // The next message is a new request; a retry of this one keeps its id.
          requestId.current = newRequestId();
          showToast(
            'success',
            t('common.success'),
            sent.sender && sent.sender.used !== sent.sender.requested
              ? t('sms.senders.toastSentAs', { sender: sent.sender.used })
              : t('sms.toast.sent'),
          );
          setShown(new Set());
          setServerErrors({});
          props.onReset();
        },
        onError: (err) => {
          // The id went out with the message as it was; the edited one is a new request.
          if (err instanceof ApiError && err.code === 'IDEMPOTENCY_KEY_REUSED')
            requestId.current = newRequestId();
          if (err instanceof ApiError)
            setServerErrors(
              Object.fromEntries(
                Object.entries(err.fields)
                  .filter(([k]) => FIELDS.includes(k as SmsField))
                  .map(([k, v]) => [k, serverFieldMessage(v)]),
              ),
            );
          errorToast(err);
        },
      },
    );
  };

  const control = (f: SmsField) => ({
    value: draft[f],
    onChange: (e: { target: { value: string } }) => change(f, e.target.value),
    onBlur: () => reveal(f),
  });

  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={submit}
      noValidate
      aria-labelledby="sms-form-title"
    >
      <FormField
        id="sms-senderId"
        label={t('sms.form.senderId')}
        error={errorText(errorOf('senderId'))}
        description={t('sms.form.senderIdHint')}
        describedByAfter="sms-sender-notice"
      >
        <Input {...control('senderId')} autoComplete="off" dir="ltr" />
      </FormField>
      <SenderNotice senderId={draft.senderId} id="sms-sender-notice" />
      <FormField
        id="sms-recipient"
        label={t('sms.form.recipient')}
        error={errorText(errorOf('recipient'))}
        description={t('sms.form.recipientHint', { example: EXAMPLE_NUMBER })}
      >
        <Input {...control('recipient')} type="tel" inputMode="tel" autoComplete="off" dir="ltr" />
      </FormField>
      <FormField
        id="sms-message"
        label={t('sms.form.message')}
        error={errorText(errorOf('message'))}
        description={
          tooLong ? <span className="text-destructive">{t('sms.form.tooLong')}</span> : null
        }
        describedByBefore="sms-counter"
        aside={
          <span
            id="sms-counter"
            className={`text-xs tabular-nums ${tooLong ? 'font-semibold text-destructive' : 'text-muted-foreground'}`}
            dir="ltr"
          >
            <span className="sr-only">{t('sms.form.counter')} </span>
            {count}/{SMS_MAX_CHARACTERS}
          </span>
        }
      >
        <textarea
          {...control('message')}
          rows={5}
          dir="auto"
          placeholder={t('sms.form.messagePlaceholder')}
          className="flex w-full rounded-md border border-input bg-background px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive"
        />
      </FormField>
      <QuotePanel
        message={draft.message}
        valid={valid}
        quote={quote.data}
        recipient={input?.recipient ?? null}
        waiting={quote.waiting}
        error={quote.error}
      />
      <Button type="submit" className="self-start" disabled={tooLong || send.isPending}>
        <Send aria-hidden="true" className="rtl:-scale-x-100" />
        {send.isPending ? t('sms.form.sending') : t('sms.form.send')}
      </Button>
    </form>
  );
}
