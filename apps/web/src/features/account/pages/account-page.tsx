import { PASSWORD_MIN_LENGTH } from '@parley/shared/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink } from '@/components/back-link';
import { FormError, useFormErrorMessage } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useChangePassword, useSignOutEverywhere } from '../api/account';

function FieldError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  );
}

function ChangePasswordCard() {
  const { t } = useTranslation();
  const errorMessage = useFormErrorMessage();
  const mutation = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');

  const tooShort = next !== '' && next.length < PASSWORD_MIN_LENGTH;
  const same = next !== '' && next === current;
  const mismatch = confirm !== '' && confirm !== next;
  const wrongCurrent =
    mutation.error instanceof ApiError && mutation.error.code === 'WRONG_PASSWORD';
  const canSubmit =
    current !== '' &&
    next.length >= PASSWORD_MIN_LENGTH &&
    !same &&
    confirm === next &&
    !mutation.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmit) return;
    mutation.mutate(
      { currentPassword: current, newPassword: next, confirmPassword: confirm },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setConfirm('');
        },
      },
    );
  };

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
          <div className="flex flex-col gap-2">
            <Label htmlFor="account-current">{t('account.password.current')}</Label>
            <Input
              id="account-current"
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
              aria-invalid={wrongCurrent}
              aria-describedby={wrongCurrent ? 'account-current-error' : undefined}
            />
            <FieldError
              id="account-current-error"
              message={wrongCurrent ? t('errors.WRONG_PASSWORD') : null}
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="account-new">{t('account.password.new')}</Label>
            <Input
              id="account-new"
              type="password"
              autoComplete="new-password"
              value={next}
              onChange={(e) => setNext(e.target.value)}
              aria-invalid={newError !== null}
              aria-describedby={newError ? 'account-new-error' : undefined}
            />
            <FieldError id="account-new-error" message={newError} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="account-confirm">{t('account.password.confirm')}</Label>
            <Input
              id="account-confirm"
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              aria-invalid={mismatch}
              aria-describedby={mismatch ? 'account-confirm-error' : undefined}
            />
            <FieldError
              id="account-confirm-error"
              message={mismatch ? t('auth.passwordsDiffer') : null}
            />
          </div>
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

/** /account: change the password, sign out on every device. */
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
      <SignOutEverywhereCard />
    </div>
  );
}
