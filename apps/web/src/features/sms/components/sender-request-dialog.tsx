import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
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
import { ApiError, type FieldIssue } from '@/lib/api-client';
import { functionResolver, problemMessage, useErrorText } from '@/lib/form-resolver';
import { showToast } from '@/lib/toast';
import { useRequestSender } from '../api/senders';
import { senderIdError, senderReasonError } from '../validation';

type Fields = 'senderId' | 'reason';
type Values = Record<Fields, string>;
// Checked as the server checks them: a message key per field in error.
const resolver = functionResolver<Values>((v) => ({
  senderId: senderIdError(v.senderId),
  reason: senderReasonError(v.reason),
}));
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
  const errorText = useErrorText();
  const form = useForm<Values>({
    defaultValues: { senderId: props.initialSender, reason: '' },
    resolver,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const errorOf = (f: Fields) => errorText(form.formState.errors[f]?.message);

  const send = (values: Values) =>
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
            return form.setError('senderId', { message: t(`errors.${err.code}`) });
          const fields = Object.entries(err.fields).filter(
            (entry): entry is [Fields, FieldIssue] =>
              entry[0] === 'senderId' || entry[0] === 'reason',
          );
          for (const [f, issue] of fields) form.setError(f, { message: problemMessage(issue) });
          if (fields.length) return;
          setProblem(t(`errors.${err.code}`, { defaultValue: '' }) || err.message);
        },
      },
    );

  const submit = (e: FormEvent) => {
    // The dialog sits in the send form's React tree: its submit is its own.
    e.stopPropagation();
    void form.handleSubmit(send)(e);
  };

  // Editing a field clears what the server said about it, and the form's refusal.
  const control = (f: Fields) => form.register(f, { onChange: () => setProblem(null) });

  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent closeLabel={t('common.close')}>
        <DialogTitle>{t('sms.senders.requestTitle')}</DialogTitle>
        <DialogDescription>
          {t('sms.senders.requestText', { sender: props.defaultSender })}
        </DialogDescription>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <FormField
            id="sender-request-senderId"
            label={t('sms.form.senderId')}
            error={errorOf('senderId')}
            description={t('sms.senders.senderHint')}
          >
            <Input {...control('senderId')} autoComplete="off" dir="ltr" maxLength={16} />
          </FormField>
          <FormField
            id="sender-request-reason"
            label={t('sms.senders.reason')}
            error={errorOf('reason')}
            description={t('sms.senders.reasonHint')}
          >
            <Input {...control('reason')} autoComplete="off" dir="auto" maxLength={300} />
          </FormField>
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
