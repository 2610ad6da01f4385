import type { AdjustmentDirection, AdminUserDetail } from '@parley/shared';
import {
  ADJUSTMENT_NOTE_MAX,
  adjustmentAmountProblem,
  BILLING_CURRENCY,
  isSingleLine,
} from '@parley/shared/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormError, useFormErrorMessage } from '@/components/form-error';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { isolate } from '@/lib/bidi';
import { fieldText, fieldTexts } from '@/lib/field-errors';
import { formatMoney } from '@/lib/money';
import { newRequestId } from '@/lib/request-id';
import { showToast } from '@/lib/toast';
import { useAdjustBalance } from './user-detail';

interface Draft {
  direction: AdjustmentDirection;
  amount: string;
  note: string;
}
const EMPTY: Draft = { direction: 'credit', amount: '', note: '' };

/** The form's own checks, the same rules as the server's (domain/ledger.ts). */
function problemsOf(draft: Draft) {
  const note = draft.note.trim();
  return {
    amount: adjustmentAmountProblem(draft.amount),
    note: !note
      ? { code: 'REQUIRED' }
      : !isSingleLine(note)
        ? { code: 'NOT_ONE_LINE' }
        : note.length > ADJUSTMENT_NOTE_MAX
          ? { code: 'TOO_LONG', params: { maximum: ADJUSTMENT_NOTE_MAX } }
          : null,
  };
}

/**
 * A manual credit or debit with a note the customer sees. Apply asks for confirmation
 * with the amount; the confirmed request carries one request id, so a double click or
 * a retry moves the balance once.
 */
export function AdjustBalance({ user }: { user: AdminUserDetail }) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [shown, setShown] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<(Draft & { requestId: string }) | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const adjust = useAdjustBalance(user.id);
  const messageOf = useFormErrorMessage();
  const money = (amount: string) => formatMoney(amount, BILLING_CURRENCY, i18n.language);

  const review = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const problems = problemsOf(draft);
    const texts = {
      amount: fieldText(t, problems.amount) ?? '',
      note: fieldText(t, problems.note) ?? '',
    };
    setShown(texts);
    if (texts.amount || texts.note) return;
    setConfirming({
      ...draft,
      amount: draft.amount.trim(),
      note: draft.note.trim(),
      requestId: newRequestId(),
    });
  };

  const apply = () => {
    if (!confirming) return;
    adjust.mutate(confirming, {
      onSuccess: (result) => {
        setConfirming(null);
        setDraft(EMPTY);
        showToast(
          'success',
          t('common.success'),
          t('adminUsers.adjust.done', { balance: isolate(money(result.balance)) }),
        );
      },
      onError: (err) => {
        setConfirming(null);
        if (err instanceof ApiError && Object.keys(err.fields).length)
          setShown(fieldTexts(t, err.fields));
        const failed = t('admin.operationFailed');
        const code = err instanceof ApiError ? err.code : null;
        setFailure(
          code === 'INSUFFICIENT_BALANCE'
            ? t('adminUsers.adjust.tooLow', { balance: isolate(money(user.cryptoBalance)) })
            : code === 'SELF_ADJUSTMENT_FORBIDDEN'
              ? t('adminUsers.adjust.notOwn')
              : messageOf(err, failed, failed),
        );
      },
    });
  };

  const choice = (direction: AdjustmentDirection) => (
    <div className="flex items-center gap-2">
      <input
        type="radio"
        id={`adjust-${direction}`}
        name="adjust-direction"
        className="size-4 accent-primary"
        checked={draft.direction === direction}
        onChange={() => setDraft({ ...draft, direction })}
      />
      <Label htmlFor={`adjust-${direction}`}>{t(`adminUsers.adjust.${direction}`)}</Label>
    </div>
  );

  return (
    <section aria-labelledby="adjust-title" className="space-y-3 rounded-lg border p-4">
      <h3 id="adjust-title" className="font-semibold">
        {t('adminUsers.adjust.title')}
      </h3>
      <form onSubmit={review} noValidate className="grid gap-3 sm:grid-cols-2">
        <fieldset className="flex flex-wrap gap-4 sm:col-span-2">
          <legend className="mb-2 text-sm font-medium">{t('adminUsers.adjust.direction')}</legend>
          {choice('credit')}
          {choice('debit')}
        </fieldset>
        <FormField
          id="adjust-amount"
          label={t('adminUsers.adjust.amount')}
          description={t('adminUsers.adjust.amountHint')}
          error={shown.amount}
        >
          <Input
            inputMode="decimal"
            dir="ltr"
            autoComplete="off"
            value={draft.amount}
            onChange={(e) => setDraft({ ...draft, amount: e.target.value })}
          />
        </FormField>
        <FormField
          id="adjust-note"
          label={t('adminUsers.adjust.note')}
          description={t('adminUsers.adjust.noteHint')}
          error={shown.note}
        >
          <Input
            maxLength={ADJUSTMENT_NOTE_MAX}
            value={draft.note}
            onChange={(e) => setDraft({ ...draft, note: e.target.value })}
          />
        </FormField>
        <div className="sm:col-span-2">
          <FormError message={failure} />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit">{t('adminUsers.adjust.review')}</Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        onCancel={() => setConfirming(null)}
        title={t('adminUsers.adjust.confirmTitle')}
        description={
          confirming &&
          t(`adminUsers.adjust.confirm_${confirming.direction}`, {
            amount: isolate(money(confirming.amount)),
            email: isolate(user.email),
          })
        }
        confirm={
          confirming
            ? t(`adminUsers.adjust.apply_${confirming.direction}`, {
                amount: isolate(money(confirming.amount)),
              })
            : ''
        }
        variant={confirming?.direction === 'debit' ? 'destructive' : 'default'}
        busy={adjust.isPending}
        onConfirm={apply}
      >
        {confirming && (
          <p className="rounded-md bg-muted px-3 py-2 text-sm break-words">
            <span className="font-medium">{t('adminUsers.adjust.note')}:</span> {confirming.note}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
