import { DEFAULT_SENDER_ID, SMS_MAX_CHARACTERS } from '@parley/shared/domain';
import { Send } from 'lucide-react';
import { type FormEvent, type RefObject, useRef } from 'react';
import { flushSync } from 'react-dom';
import { type UseFormRegisterReturn, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { ltr } from '@/lib/bidi';
import { useUser } from '@/lib/current-user';
import { fieldText } from '@/lib/field-errors';
import { functionResolver, problemMessage, useErrorText } from '@/lib/form-resolver';
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
import { QuotePanel } from './quote-panel';
import { SenderNotice } from './sender-notice';

/** Undefined where the browser has no crypto.randomUUID (an insecure context). */
const newRequestId = () => globalThis.crypto?.randomUUID?.();

const FIELDS: SmsField[] = ['senderId', 'recipient', 'message'];
const EXAMPLE_NUMBER = '+447400123456';

/** A new message: the brand sender, nobody, nothing. */
export const EMPTY_DRAFT: SmsDraft = { senderId: DEFAULT_SENDER_ID, recipient: '', message: '' };
const resolver = functionResolver<SmsDraft>(validateSms);

/**
 * The single-message form: checked here, priced by the server, then sent.
 * `draft` is where it starts; each edit is reported, as the bulk upload uses the sender
 * and the message.
 */
export function SendForm(props: {
  draft: SmsDraft;
  onChange: (field: SmsField, value: string) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  // A field's error shows once it is left, all of them once the form is sent, and then
  // follows the typing; a server's refusal stays until its field is edited.
  const form = useForm<SmsDraft>({
    defaultValues: props.draft,
    resolver,
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const sending = useRef(false);

  const draft = form.watch();
  const valid = Object.keys(validateSms(draft)).length === 0;
  // What the server is asked about and sent: trimmed, the message exactly as typed.
  const input = valid
    ? { senderId: draft.senderId.trim(), recipient: draft.recipient.trim(), message: draft.message }
    : null;
  const quote = useDraftQuote(input);
  const quoteFields = quote.error instanceof ApiError ? quote.error.fields : {};
  const errorOf = (f: SmsField) =>
    errorText(form.formState.errors[f]?.message) ?? fieldText(t, quoteFields[f]);
  const count = characterCount(draft.message);
  const tooLong = count > SMS_MAX_CHARACTERS;

  const { sendDraft, pending } = useSendDraft(form, sending, props.onReset);

  const handle = form.handleSubmit(sendDraft, (errors) => {
    sending.current = false;
    const first = FIELDS.find((f) => errors[f]);
    if (!first) return;
    // Rendered first, so the field is focused with its error, aria-invalid and
    // aria-describedby in place and a screen reader reads the error with it.
    flushSync(() => form.setError(first, { ...errors[first] }));
    document.getElementById(`sms-${first}`)?.focus();
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // A second click before the first has re-rendered the button as disabled, or
    // before the first's check has finished.
    if (sending.current) return;
    sending.current = true;
    void handle(e);
  };

  const control = (f: SmsField) =>
    form.register(f, {
      onChange: (e: { target: { value: string } }) => props.onChange(f, e.target.value),
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
        error={errorOf('senderId')}
        description={t('sms.form.senderIdHint')}
        describedByAfter="sms-sender-notice"
      >
        <Input {...control('senderId')} autoComplete="off" dir="ltr" />
      </FormField>
      <SenderNotice senderId={draft.senderId} id="sms-sender-notice" />
      <FormField
        id="sms-recipient"
        label={t('sms.form.recipient')}
        error={errorOf('recipient')}
        description={t('sms.form.recipientHint', { example: ltr(EXAMPLE_NUMBER) })}
      >
        <Input {...control('recipient')} type="tel" inputMode="tel" autoComplete="off" dir="ltr" />
      </FormField>
      <MessageField
        registration={control('message')}
        error={errorOf('message')}
        count={count}
        tooLong={tooLong}
      />
      <QuotePanel
        message={draft.message}
        valid={valid}
        quote={quote.data}
        recipient={input?.recipient ?? null}
        waiting={quote.waiting}
        error={quote.error}
      />
      <Button type="submit" className="self-start" disabled={tooLong || pending}>
        <Send aria-hidden="true" className="rtl:-scale-x-100" />
        {pending ? t('sms.form.sending') : t('sms.form.send')}
      </Button>
    </form>
  );
}

/**
 * Sends a checked draft unless the balance cannot pay: one request id per message, so the
 * server sends it once however often it is submitted; a refusal marks its fields.
 */
function useSendDraft(
  form: UseFormReturn<SmsDraft>,
  sending: RefObject<boolean>,
  onReset: () => void,
) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const send = useSendSms();
  const errorToast = useSmsErrorToast();
  const requestId = useRef(newRequestId());

  const sendDraft = (values: SmsDraft) => {
    if (!hasBalanceForSms(user?.cryptoBalance)) {
      sending.current = false;
      return showToast('error', t('sms.toast.insufficientTitle'), t('sms.toast.insufficientText'));
    }
    const message = {
      senderId: values.senderId.trim(),
      recipient: values.recipient.trim(),
      message: values.message,
    };
    send.mutate(
      { ...message, requestId: requestId.current },
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
          form.reset(EMPTY_DRAFT);
          onReset();
        },
        onError: (err) => {
          // The id went out with the message as it was; the edited one is a new request.
          if (err instanceof ApiError && err.code === 'IDEMPOTENCY_KEY_REUSED')
            requestId.current = newRequestId();
          if (err instanceof ApiError)
            for (const [k, v] of Object.entries(err.fields))
              if (FIELDS.includes(k as SmsField))
                form.setError(k as SmsField, { message: problemMessage(v) });
          errorToast(err);
        },
      },
    );
  };
  return { sendDraft, pending: send.isPending };
}

/** The message box with its character counter and the too-long warning. */
function MessageField({
  registration,
  error,
  count,
  tooLong,
}: {
  registration: UseFormRegisterReturn;
  error: string | undefined;
  count: number;
  tooLong: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FormField
      id="sms-message"
      label={t('sms.form.message')}
      error={error}
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
        {...registration}
        rows={5}
        dir="auto"
        placeholder={t('sms.form.messagePlaceholder')}
        className="flex w-full rounded-md border border-input bg-background px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive"
      />
    </FormField>
  );
}
