import {
  type ChainDeposit,
  DEPOSIT_NOTE_MAX,
  type DepositDecision as Decision,
} from '@parley/shared';
import { BILLING_CURRENCY } from '@parley/shared/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormError } from '@/components/form-error';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import { isUnauthorized } from '@/lib/session-expired';
import { showToast } from '@/lib/toast';
import { useResolveDeposit } from './chains-admin';

const KNOWN_ERRORS = new Set(['DEPOSIT_NOT_FLAGGED', 'ALREADY_DECIDED', 'REVERSAL_BALANCE_SHORT']);

/** What an admin decided of a flagged deposit: kept or reversed, by whom, when and why. */
function Resolution({ deposit, focus }: { deposit: ChainDeposit; focus: boolean }) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLParagraphElement>(null);
  // Decided here: the buttons that had focus are gone, so it moves to the decision.
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  const r = deposit.resolution;
  if (!r) return null;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const values = { email: r.by.email ?? '—', date: date.format(new Date(r.at)) };
  return (
    <p ref={ref} tabIndex={-1} className="mt-2 text-xs">
      <span className="font-medium">
        {r.decision === 'keep'
          ? t('admin.chains.deposits.resolve.keptBy', values)
          : t('admin.chains.deposits.resolve.reversedBy', values)}
      </span>{' '}
      <span className="break-words text-muted-foreground">{r.note}</span>
    </p>
  );
}

/**
 * A flagged deposit nobody decided yet: Keep credit or Reverse credit, each asking for a
 * note in a dialog first. Once decided, the decision shows instead.
 */
export function DepositDecision({ deposit }: { deposit: ChainDeposit }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const resolve = useResolveDeposit();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Set synchronously, so a second click before React re-renders sends nothing.
  const sending = useRef(false);
  const decided = useRef(false);
  // The button that opened the dialog: it takes the focus back when the dialog closes.
  const opener = useRef<HTMLButtonElement | null>(null);
  if (deposit.resolution) return <Resolution deposit={deposit} focus={decided.current} />;
  if (!deposit.flagged || deposit.status !== 'credited') return null;
  const credit = formatMoney(deposit.creditAmount ?? '0', BILLING_CURRENCY, i18n.language, 4);
  const values = {
    credit,
    email: deposit.customer.email,
    amount: `${deposit.amount} ${deposit.currency}`,
  };
  const noteId = `${id}-note`;
  const open = (d: Decision, button: HTMLButtonElement) => {
    opener.current = button;
    setDecision(d);
    setNote('');
    setMissing(false);
    setProblem(null);
  };
  const messageOf = (err: unknown) => {
    if (!(err instanceof ApiError)) return t('admin.operationFailed');
    if (err.code && KNOWN_ERRORS.has(err.code))
      return t(`admin.chains.deposits.resolve.errors.${err.code}`);
    return err.message || t('admin.operationFailed');
  };
  const submit = () => {
    if (!decision || sending.current) return;
    if (!note.trim()) {
      setMissing(true);
      document.getElementById(noteId)?.focus();
      return;
    }
    sending.current = true;
    resolve.mutate(
      { id: deposit.id, decision, note: note.trim() },
      {
        onSuccess: () => {
          decided.current = true;
          setDecision(null);
          showToast(
            'success',
            t('common.success'),
            decision === 'keep'
              ? t('admin.chains.deposits.resolve.keptToast')
              : t('admin.chains.deposits.resolve.reversedToast'),
          );
        },
        onError: (err) => {
          if (!isUnauthorized(err)) setProblem(messageOf(err));
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };
  const keep = decision === 'keep';
  return (
    <fieldset className="mt-2 flex flex-wrap gap-2">
      <legend className="sr-only">{t('admin.chains.deposits.resolve.groupLabel', values)}</legend>
      <Button
        size="sm"
        variant="outline"
        aria-haspopup="dialog"
        onClick={(e) => open('keep', e.currentTarget)}
      >
        {t('admin.chains.deposits.resolve.keep')}
      </Button>
      <Button
        size="sm"
        variant="destructive"
        aria-haspopup="dialog"
        onClick={(e) => open('reverse', e.currentTarget)}
      >
        {t('admin.chains.deposits.resolve.reverse')}
      </Button>
      <ConfirmDialog
        open={decision !== null}
        onCancel={() => setDecision(null)}
        title={
          keep
            ? t('admin.chains.deposits.resolve.keepTitle')
            : t('admin.chains.deposits.resolve.reverseTitle')
        }
        description={
          keep
            ? t('admin.chains.deposits.resolve.keepText', values)
            : t('admin.chains.deposits.resolve.reverseText', values)
        }
        confirm={
          keep
            ? t('admin.chains.deposits.resolve.keep')
            : t('admin.chains.deposits.resolve.confirmReverse', values)
        }
        variant={keep ? 'default' : 'destructive'}
        busy={resolve.isPending}
        onConfirm={submit}
        onCloseAutoFocus={(e) => {
          // Decided, the buttons go: the decision shown takes the focus instead.
          e.preventDefault();
          if (!decided.current) opener.current?.focus();
        }}
      >
        <FormField
          id={noteId}
          label={t('admin.chains.deposits.resolve.noteLabel')}
          description={t('admin.chains.deposits.resolve.noteHint')}
          error={missing ? t('admin.chains.deposits.resolve.noteRequired') : null}
          className="flex flex-col gap-1.5"
        >
          <textarea
            rows={3}
            maxLength={DEPOSIT_NOTE_MAX}
            required
            aria-required="true"
            value={note}
            onChange={(e) => {
              // One line: the server refuses line breaks in a note.
              setNote(e.target.value.replace(/[\r\n]+/g, ' '));
              if (e.target.value.trim()) setMissing(false);
            }}
            className="min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive"
          />
        </FormField>
        <FormError message={problem} />
      </ConfirmDialog>
    </fieldset>
  );
}
