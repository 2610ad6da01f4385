import {
  confirmPasswordProblem,
  newPasswordProblem,
  PASSWORD_MIN_LENGTH,
} from '@parley/shared/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BackLink } from '@/components/back-link';
import { FormError, useFormErrorMessage } from '@/components/form-error';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { functionResolver } from '@/lib/form-resolver';
import { useChangePassword, useSignOutEverywhere } from '../api/account';
import { ApiKeysCard } from '../components/api-keys-card';
import { GuardrailsCard } from '../components/guardrails-card';
import { WebhooksCard } from '../components/webhooks-card';

type Values = { current: string; next: string; confirm: string };
const DEFAULTS: Values = { current: '', next: '', confirm: '' };

/** The rules the Save button waits for; only some are told, as they are typed. */
const check = (v: Values) => ({
  current: v.current === '' ? 'required' : undefined,
  next: newPasswordProblem(v.next) ? 'tooShort' : v.next === v.current ? 'same' : undefined,
  confirm: confirmPasswordProblem(v.next, v.confirm) ? 'differs' : undefined,
});
const resolver = functionResolver<Values>(check);

function ChangePasswordCard() {
  const { t } = useTranslation();
  const errorMessage = useFormErrorMessage();
  const mutation = useChangePassword();
  const form = useForm<Values>({ defaultValues: DEFAULTS, resolver });
  const { current, next, confirm } = form.watch();

  const tooShort = next !== '' && newPasswordProblem(next) !== null;
  const same = next !== '' && next === current;
  const mismatch = confirm !== '' && confirm !== next;
  const wrongCurrent =
    mutation.error instanceof ApiError && mutation.error.code === 'WRONG_PASSWORD';
  const canSubmit =
    !Object.values(check({ current, next, confirm })).some(Boolean) && !mutation.isPending;

  const submit = form.handleSubmit((v) => {
    if (!canSubmit) return;
    mutation.mutate(
      { currentPassword: v.current, newPassword: v.next, confirmPassword: v.confirm },
      { onSuccess: () => form.reset(DEFAULTS) },
    );
  });

  const newError = tooShort
    ? t('auth.passwordTooShort', { min: PASSWORD_MIN_LENGTH })
    : same
      ? t('account.password.sameAsCurrent')
      : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('account.password.title')}</CardTitle>
        <CardDescription>{t('account.password.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <FormField
            id="account-current"
            label={t('account.password.current')}
            error={wrongCurrent ? t('errors.WRONG_PASSWORD') : null}
          >
            <Input type="password" autoComplete="current-password" {...form.register('current')} />
          </FormField>
          <FormField id="account-new" label={t('account.password.new')} error={newError}>
            <Input type="password" autoComplete="new-password" {...form.register('next')} />
          </FormField>
          <FormField
            id="account-confirm"
            label={t('account.password.confirm')}
            error={mismatch ? t('auth.passwordsDiffer') : null}
          >
            <Input type="password" autoComplete="new-password" {...form.register('confirm')} />
          </FormField>
          <FormError
            message={
              mutation.error && !wrongCurrent
                ? errorMessage(mutation.error, t('account.password.failed'), t('account.network'))
                : null
            }
          />
          {mutation.isSuccess && (
            <p
              role="status"
              className="rounded-md border border-green-600/30 bg-green-50 p-3 text-sm text-green-800"
            >
              {t('account.password.done')}
            </p>
          )}
          <Button type="submit" disabled={!canSubmit} className="self-start">
            {mutation.isPending ? t('account.password.saving') : t('account.password.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function SignOutEverywhereCard() {
  const { t } = useTranslation();
  const errorMessage = useFormErrorMessage();
  const mutation = useSignOutEverywhere();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('account.everywhere.title')}</CardTitle>
        <CardDescription>{t('account.everywhere.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <FormError
          message={
            mutation.error
              ? errorMessage(mutation.error, t('account.everywhere.failed'), t('account.network'))
              : null
          }
        />
        <Button
          variant="destructive"
          className="self-start"
          disabled={mutation.isPending}
          onClick={() => mutation.mutate()}
        >
          {mutation.isPending ? t('account.everywhere.working') : t('account.everywhere.submit')}
        </Button>
      </CardContent>
    </Card>
  );
}

/** /account: change the password, sign out on every device, set spending limits. */
export default function AccountPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <BackLink to="/dashboard">{t('account.back')}</BackLink>
      <header>
        <h1 className="text-3xl font-bold">{t('account.title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('account.subtitle')}</p>
      </header>
      <ChangePasswordCard />
      <GuardrailsCard />
      <ApiKeysCard />
      <WebhooksCard />
      <SignOutEverywhereCard />
    </div>
  );
}
