import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { fieldText } from '@/lib/field-errors';
import { showToast } from '@/lib/toast';
import { useRequestSender } from '../api/senders';
import { senderIdError, senderReasonError } from '../validation';
import { describedBy, Field } from './field';

type Fields = 'senderId' | 'reason';
/** Refusals that concern the sender ID itself: shown under that field. */
const SENDER_CODES = ['SENDER_ID_ALREADY_REQUESTED', 'SENDER_ID_NOT_NEEDED'];

/**
 * Asks an admin to approve a sender ID: the sender and what it is for, checked here as
 * the server checks them. Until it is approved messages go out as the brand sender.
 */
export function SenderRequestDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialSender: string;
  defaultSender: string;
}) {
  const { t } = useTranslation();
  const request = useRequestSender();
  const [values, setValues] = useState({ senderId: props.initialSender, reason: '' });
  const [shown, setShown] = useState(false);
  const [server, setServer] = useState<Partial<Record<Fields, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const local = {
    senderId: senderIdError(values.senderId),
    reason: senderReasonError(values.reason),
  };
  const errorOf = (f: Fields) => server[f] ?? (shown ? fieldText(t, local[f]) : undefined);

  const change = (f: Fields, value: string) => {
    setValues((v) => ({ ...v, [f]: value }));
    setServer(({ [f]: _, ...rest }) => rest);
    setProblem(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The dialog sits in the send form's React tree: its submit is its own.
    e.stopPropagation();
    setShown(true);
    const first = (['senderId', 'reason'] as const).find((f) => local[f]);
    if (first) return document.getElementById(`sender-request-${first}`)?.focus();
    request.mutate(
      { senderId: values.senderId.trim(), reason: values.reason.trim() },
      {
        onSuccess: (row) => {
          showToast(
            'success',
            t('sms.senders.requestedTitle'),
            t('sms.senders.requested', { sender: row.senderId }),
          );
          props.onOpenChange(false);
        },
        onError: (err) => {
          if (!(err instanceof ApiError)) return setProblem(t('sms.senders.requestFailed'));
          if (err.code && SENDER_CODES.includes(err.code))
            return setServer({ senderId: t(`errors.${err.code}`) });
          const fields = Object.fromEntries(
            Object.entries(err.fields)
              .filter(([k]) => k === 'senderId' || k === 'reason')
              .map(([k, v]) => [k, fieldText(t, v)]),
          );
          if (Object.keys(fields).length) return setServer(fields);
          setProblem(t(`errors.${err.code}`, { defaultValue: '' }) || err.message);
        },
      },
    );
  };

  const control = (f: Fields) => ({
    id: `sender-request-${f}`,
    value: values[f],
    onChange: (e: { target: { value: string } }) => change(f, e.target.value),
    'aria-invalid': errorOf(f) ? true : undefined,
    'aria-describedby': describedBy(`sender-request-${f}`, true, errorOf(f)),
  });

  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent closeLabel={t('common.close')}>
        <DialogTitle>{t('sms.senders.requestTitle')}</DialogTitle>
        <DialogDescription>
          {t('sms.senders.requestText', { sender: props.defaultSender })}
        </DialogDescription>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <Field
            id="sender-request-senderId"
            label={t('sms.form.senderId')}
            error={errorOf('senderId')}
            hint={t('sms.senders.senderHint')}
          >
            <Input {...control('senderId')} autoComplete="off" dir="ltr" maxLength={16} />
          </Field>
          <Field
            id="sender-request-reason"
            label={t('sms.senders.reason')}
            error={errorOf('reason')}
            hint={t('sms.senders.reasonHint')}
          >
            <Input {...control('reason')} autoComplete="off" dir="auto" maxLength={300} />
          </Field>
          {problem && (
            <p role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('common.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={request.isPending}>
              {request.isPending ? t('sms.senders.sending') : t('sms.senders.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
