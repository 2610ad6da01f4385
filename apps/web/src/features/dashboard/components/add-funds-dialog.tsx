import {
  CRYPTO_CURRENCIES,
  type CryptoCurrency,
  MIN_TOP_UP_USD,
  TOP_UP_SERVICE_NAME,
} from '@parley/shared/domain';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input, Select } from '@/components/ui/input';
import { payableCoinsQueryOptions } from '@/lib/account-queries';
import { type DepositProblem, depositProblem } from '@/lib/deposit-amount';
import { functionResolver } from '@/lib/form-resolver';
import { showToast } from '@/lib/toast';

/** A deposit is numeric, at least 100, in steps of 0.01, required (and at most 1,000,000). */
export function isValidDeposit(amount: string): boolean {
  return depositProblem(amount) === null;
}

/** The amount's error for each kind of unpayable amount. */
const AMOUNT_ERRORS: Record<DepositProblem, string> = {
  belowMinimum: 'dashboard.addFunds.minimum',
  malformed: 'dashboard.addFunds.malformed',
  aboveMaximum: 'dashboard.addFunds.tooLarge',
};

/** Where Add Funds leads: the payment page, for a balance top-up. */
export function addFundsUrl(amount: string, currency: CryptoCurrency): string {
  const query = new URLSearchParams({
    service: 'balance',
    type: TOP_UP_SERVICE_NAME,
    amount: amount.trim(),
    currency,
  });
  return `/payment?${query}`;
}

type Values = { amount: string; currency: CryptoCurrency };
// The message is the translation key of the amount's problem.
const resolver = functionResolver<Values>((v) => {
  const problem = depositProblem(v.amount);
  return { amount: problem ? AMOUNT_ERRORS[problem] : undefined };
});

function AddFundsForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Checked on Continue; after that, live only while the amount is wrong.
  const form = useForm<Values>({
    defaultValues: { amount: MIN_TOP_UP_USD, currency: 'BTC' },
    resolver,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const problem = form.formState.errors.amount?.message;
  const [pending, setPending] = useState(false);
  // Only coins that can be paid now are offered: a fixed wallet or a watched network
  // (all of them until the server has said).
  const payable = useQuery(payableCoinsQueryOptions);
  const coins = payable.data
    ? CRYPTO_CURRENCIES.filter((c) => payable.data.some((p) => p.currency === c))
    : CRYPTO_CURRENCIES;
  const first = coins[0];
  const chosen = form.watch('currency');
  useEffect(() => {
    if (first && !coins.includes(chosen)) form.setValue('currency', first);
  }, [coins, chosen, first, form]);

  const submit = form.handleSubmit(
    ({ amount, currency }) => {
      setPending(true);
      Promise.resolve()
        .then(() => navigate(addFundsUrl(amount, currency)))
        .catch(() => {
          setPending(false);
          showToast('error', t('common.error'), t('dashboard.addFunds.redirectFailed'));
        });
    },
    (errors) => {
      // Rendered first, so the field is focused with its error, aria-invalid and
      // aria-describedby in place and a screen reader reads the error with it.
      if (errors.amount) flushSync(() => form.setError('amount', { ...errors.amount }));
      form.setFocus('amount');
    },
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <DialogTitle>{t('dashboard.addFunds.title')}</DialogTitle>
      <DialogDescription>{t('dashboard.addFunds.description')}</DialogDescription>
      <FormField
        id="add-funds-amount"
        label={t('dashboard.addFunds.amount')}
        error={problem ? t(problem) : null}
        className="flex flex-col gap-1.5"
      >
        <Input
          type="number"
          inputMode="decimal"
          min={MIN_TOP_UP_USD}
          step="0.01"
          required
          dir="ltr"
          {...form.register('amount', {
            onChange: () => problem && void form.trigger('amount'),
          })}
        />
      </FormField>
      {coins.length === 0 ? (
        // No coin has a wallet: none is offered; the payment page says the same.
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {t('paymentFlow.noCoins')}
        </p>
      ) : (
        <FormField
          id="add-funds-currency"
          label={t('dashboard.addFunds.currency')}
          className="flex flex-col gap-1.5"
        >
          <Select {...form.register('currency')}>
            {coins.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </FormField>
      )}
      <DialogFooter>
        <Button type="submit" disabled={pending}>
          {pending ? t('dashboard.addFunds.processing') : t('dashboard.addFunds.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The balance card's Add Funds button and its dialog. */
export function AddFundsDialog({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button size="sm">
          <Plus aria-hidden="true" />
          {label ?? t('dashboard.addFunds.button')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common.close')}>
        <AddFundsForm />
      </DialogContent>
    </Dialog>
  );
}
