import type { AdminPayment } from '@parley/shared';
import { BILLING_CURRENCY } from '@parley/shared/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '@/components/confirm-button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { isAlreadyDecided, useAdminErrorToast } from '@/lib/admin-errors';
import { formatMoney } from '@/lib/money';
import { showToast } from '@/lib/toast';
import { useDecidePayment } from './payments-admin';

/** What deciding a payment needs to know of it. */
export type DecidablePayment = Pick<
  AdminPayment,
  'id' | 'creditAmount' | 'amount' | 'amountCurrency'
> & { user: { email: string } };

/**
 * Notes, then Approve or Reject, each confirmed first naming the amount: in the payments
 * list and beside a live chat conversation.
 */
export function PaymentDecision({ payment }: { payment: DecidablePayment }) {
  const { t, i18n } = useTranslation();
  const credit = formatMoney(payment.creditAmount, BILLING_CURRENCY, i18n.language, 4);
  const amount = `${payment.amount} ${payment.amountCurrency}`;
  const email = payment.user.email;
  const [notes, setNotes] = useState('');
  const decide = useDecidePayment();
  const errorToast = useAdminErrorToast();
  // Set synchronously, so a second click before React re-renders sends nothing.
  const sending = useRef(false);
  const act = (action: 'approve' | 'reject', text = notes) => {
    if (sending.current) return;
    sending.current = true;
    decide.mutate(
      { id: payment.id, action, notes: text },
      {
        onSuccess: () =>
          showToast(
            'success',
            t('common.success'),
            action === 'approve' ? t('admin.payments.approved') : t('admin.payments.rejected'),
          ),
        // Decided already (elsewhere, or by an earlier click): say so; the list reloads.
        onError: (err) =>
          isAlreadyDecided(err)
            ? showToast('info', t('admin.payments.alreadyDecided'), t('errors.ALREADY_DECIDED'))
            : errorToast(err),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };
  return (
    <div className="flex min-w-64 flex-col gap-2">
      <Input
        aria-label={t('admin.payments.notesFor', { email: payment.user.email })}
        placeholder={t('admin.payments.notes')}
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
      />
      <div className="flex gap-2">
        <ConfirmButton
          size="sm"
          disabled={decide.isPending}
          title={t('admin.payments.confirmApproveTitle')}
          description={t('admin.payments.confirmApproveText', { credit, email, amount })}
          confirmLabel={t('admin.payments.confirmApprove', { credit })}
          onConfirm={() => act('approve')}
        >
          {t('admin.payments.approve')}
        </ConfirmButton>
        <RejectButton
          payment={payment}
          notes={notes}
          disabled={decide.isPending}
          onReject={(reason) => act('reject', reason)}
        />
      </div>
    </div>
  );
}

/**
 * Reject, asking why first: the reason (the notes typed so far, to start with) is required,
 * because the customer reads it in their notice and on their payment.
 */
function RejectButton({
  payment,
  notes,
  disabled,
  onReject,
}: {
  payment: DecidablePayment;
  notes: string;
  disabled: boolean;
  onReject: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const id = `reject-reason-${payment.id}`;
  const amount = `${payment.amount} ${payment.amountCurrency}`;
  return (
    <>
      <Button
        type="button"
        size="sm"
        variant="destructive"
        disabled={disabled}
        aria-haspopup="dialog"
        onClick={() => {
          setReason(notes.trim());
          setMissing(false);
          setOpen(true);
        }}
      >
        {t('admin.payments.reject')}
      </Button>
      <ConfirmDialog
        open={open}
        onCancel={() => setOpen(false)}
        title={t('admin.payments.confirmRejectTitle')}
        description={t('admin.payments.confirmRejectText', {
          email: payment.user.email,
          amount,
        })}
        confirm={t('admin.payments.confirmReject')}
        variant="destructive"
        onConfirm={() => {
          if (!reason.trim()) {
            setMissing(true);
            document.getElementById(id)?.focus();
            return;
          }
          setOpen(false);
          onReject(reason.trim());
        }}
      >
        <FormField
          id={id}
          label={t('paymentOutcomes.reasonLabel')}
          description={t('paymentOutcomes.reasonHint')}
          error={missing ? t('paymentOutcomes.reasonRequired') : null}
          className="flex flex-col gap-1.5"
        >
          <textarea
            rows={3}
            maxLength={1000}
            required
            aria-required="true"
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              if (e.target.value.trim()) setMissing(false);
            }}
            className="min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive"
          />
        </FormField>
      </ConfirmDialog>
    </>
  );
}
