import { SMS_MAX_CHARACTERS } from '@parley/shared/domain';
import { Send } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError, type FieldIssue } from '@/lib/api-client';
import { useUser } from '@/lib/current-user';
import { fieldText } from '@/lib/field-errors';
import { showToast } from '@/lib/toast';
import { useDraftQuote } from '../api/draft-quote';
import { useSendSms } from '../api/sms';
import { useSmsErrorToast } from '../api/sms-errors';
import {
  characterCount,
  hasBalanceForSms,
  type SmsDraft,
  type SmsField,
  validateSms,
} from '../validation';
import { describedBy, Field } from './field';
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
  const [shown, setShown] = useState<Set<SmsField>>(new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<SmsField, FieldIssue>>>({});
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
    fieldText(t, serverErrors[f] ?? (shown.has(f) ? errors[f] : undefined) ?? quoteFields[f]);
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
                Object.entries(err.fields).filter(([k]) => FIELDS.includes(k as SmsField)),
              ),
            );
          errorToast(err);
        },
      },
    );
  };

  const control = (f: SmsField, hint = false) => ({
    id: `sms-${f}`,
    value: draft[f],
    onChange: (e: { target: { value: string } }) => change(f, e.target.value),
    onBlur: () => reveal(f),
    'aria-invalid': errorOf(f) ? true : undefined,
    'aria-describedby': describedBy(`sms-${f}`, hint, errorOf(f)),
  });

  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={submit}
      noValidate
      aria-labelledby="sms-form-title"
    >
      <Field
        id="sms-senderId"
        label={t('sms.form.senderId')}
        error={errorOf('senderId')}
        hint={t('sms.form.senderIdHint')}
      >
        <Input
          {...control('senderId', true)}
          aria-describedby={`${describedBy('sms-senderId', true, errorOf('senderId'))} sms-sender-notice`}
          autoComplete="off"
          dir="ltr"
        />
      </Field>
      <SenderNotice senderId={draft.senderId} id="sms-sender-notice" />
      <Field
        id="sms-recipient"
        label={t('sms.form.recipient')}
        error={errorOf('recipient')}
        hint={t('sms.form.recipientHint', { example: EXAMPLE_NUMBER })}
      >
        <Input
          {...control('recipient', true)}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          dir="ltr"
        />
      </Field>
      <Field
        id="sms-message"
        label={t('sms.form.message')}
        error={errorOf('message')}
        hint={tooLong ? <span className="text-destructive">{t('sms.form.tooLong')}</span> : null}
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
          {...control('message', tooLong)}
          aria-describedby={`sms-counter ${describedBy('sms-message', tooLong, errorOf('message')) ?? ''}`.trim()}
          rows={5}
          dir="auto"
          placeholder={t('sms.form.messagePlaceholder')}
          className="flex w-full rounded-md border border-input bg-background px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive"
        />
      </Field>
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
