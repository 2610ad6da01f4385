import type { Guardrails } from '@parley/shared';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFormErrorMessage } from '@/components/form-error';
import { FormField } from '@/components/form-field';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { isolate } from '@/lib/bidi';
import { functionResolver, problemMessage, useErrorText } from '@/lib/form-resolver';
import { formatMoney } from '@/lib/money';
import { showToast } from '@/lib/toast';
import { useGuardrails, useSaveGuardrails } from '../api/guardrails';
import { CountryListField } from './country-list-field';
import {
  AMOUNT_FIELDS,
  bodyOf,
  COUNTRY_FIELDS,
  checkGuardrails,
  formOf,
  type GuardrailField,
  type GuardrailsForm,
} from './guardrails-values';

const resolver = functionResolver<GuardrailsForm>(checkGuardrails);
const FIELDS: readonly GuardrailField[] = [...AMOUNT_FIELDS, ...COUNTRY_FIELDS];

function LimitsForm({ saved }: { saved: Guardrails }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const messageOf = useFormErrorMessage();
  const save = useSaveGuardrails();
  const form = useForm<GuardrailsForm>({ defaultValues: formOf(saved), resolver });
  const errorOf = (f: GuardrailField) => errorText(form.formState.errors[f]?.message) ?? null;

  const submit = form.handleSubmit((values) =>
    save.mutate(bodyOf(values), {
      onSuccess: (next) => {
        form.reset(formOf(next));
        showToast('success', t('common.success'), t('limits.saved'));
      },
      onError: (err) => {
        // The server's refusals land under their fields, as the form's own would.
        if (err instanceof ApiError)
          for (const [k, v] of Object.entries(err.fields))
            if ((FIELDS as readonly string[]).includes(k))
              form.setError(k as GuardrailField, { message: problemMessage(v) });
        showToast(
          'error',
          t('common.error'),
          messageOf(err, t('limits.failed'), t('account.network')),
        );
      },
    }),
  );

  const amount = (f: (typeof AMOUNT_FIELDS)[number]) => (
    <FormField
      id={`limits-${f}`}
      label={t(`limits.fields.${f}.label`)}
      description={t(`limits.fields.${f}.hint`)}
      error={errorOf(f)}
    >
      <Input
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        placeholder={t('limits.noLimit')}
        className="max-w-48"
        {...form.register(f)}
      />
    </FormField>
  );

  return (
    <form className="flex flex-col gap-5" onSubmit={submit} noValidate>
      <p className="text-sm">
        {t('limits.spentToday', {
          amount: isolate(formatMoney(saved.spentToday, 'GBP', i18n.language, 4)),
        })}
      </p>
      {amount('dailySpendCap')}
      {amount('maxSmsPrice')}
      {amount('maxMinutePrice')}
      {(['smsCountries', 'voiceCountries'] as const).map((f) => (
        <Controller
          key={f}
          control={form.control}
          name={f}
          render={({ field }) => (
            <CountryListField
              id={`limits-${f}`}
              legend={t(`limits.fields.${f}`)}
              value={field.value}
              onChange={field.onChange}
              error={errorOf(f)}
            />
          )}
        />
      ))}
      {amount('lowBalanceAlert')}
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {save.isPending ? t('limits.saving') : t('limits.save')}
      </Button>
    </form>
  );
}

/** The customer's spending limits: daily cap, prices, countries, low-balance alert. */
export function GuardrailsCard() {
  const { t } = useTranslation();
  const query = useGuardrails();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('limits.title')}</CardTitle>
        <CardDescription>{t('limits.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={query} errorText={t('limits.loadFailed')}>
          {(saved) => <LimitsForm saved={saved} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}
