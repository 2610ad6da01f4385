import { newPasswordProblem, PASSWORD_MIN_LENGTH } from '@parley/shared/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError, useFormErrorMessage } from '@/components/form-error';
import { FormField } from '@/components/form-field';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { LOGIN_URL } from '@/lib/routes';
import { resetPassword, tokenOfHash } from '../api/password-reset';

/** The token is read once from the link's fragment, which no server ever sees. */
function useLinkToken(): string | null {
  const [token] = useState(() => tokenOfHash(window.location.hash));
  return token;
}

const FORGOT = '/?auth=forgot#auth';

/** Where a reset link leads: a new password with sign-up's rules, then sign in again. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const token = useLinkToken();
  const errorMessage = useFormErrorMessage();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const mutation = useMutation({ mutationFn: resetPassword });
  const tooShort = password !== '' && newPasswordProblem(password) !== null;
  const mismatch = confirm !== '' && password !== confirm;
  const canSubmit =
    token !== null &&
    password !== '' &&
    !newPasswordProblem(password) &&
    password === confirm &&
    !mutation.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (canSubmit) mutation.mutate({ token, password, confirmPassword: confirm });
  };
  const linkDead =
    token === null ||
    (mutation.error instanceof ApiError && mutation.error.code === 'RESET_LINK_INVALID');

  let body: ReactNode;
  if (mutation.isSuccess)
    body = (
      <div className="flex flex-col gap-4">
        <p role="status" className="text-sm">
          {t('auth.reset.done')}
        </p>
        <a href={LOGIN_URL} className={buttonVariants()}>
          {t('auth.signIn')}
        </a>
      </div>
    );
  else if (linkDead)
    body = (
      <div className="flex flex-col gap-4">
        <p role="alert" className="text-sm text-destructive">
          {t('auth.reset.invalid')}
        </p>
        <Link to={FORGOT} className={buttonVariants({ variant: 'outline' })}>
          {t('auth.reset.askAgain')}
        </Link>
      </div>
    );
  else
    body = (
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <FormField
          id="reset-password"
          label={t('auth.reset.newPassword')}
          invalid={tooShort}
          description={
            <span className={tooShort ? 'text-sm text-destructive' : undefined}>
              {t('auth.passwordTooShort', { min: PASSWORD_MIN_LENGTH })}
            </span>
          }
        >
          <Input
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormField>
        <FormField
          id="reset-confirm"
          label={t('auth.confirmPassword')}
          error={mismatch ? t('auth.passwordsDiffer') : null}
        >
          <Input
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </FormField>
        <FormError
          message={
            mutation.error
              ? errorMessage(mutation.error, t('auth.reset.failed'), t('auth.loginFailedRetry'))
              : null
          }
        />
        <Button type="submit" disabled={!canSubmit}>
          {mutation.isPending ? t('auth.reset.saving') : t('auth.reset.submit')}
        </Button>
      </form>
    );

  return (
    <section className="mx-auto flex max-w-md flex-col px-4 py-16">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold leading-tight">{t('auth.reset.title')}</h1>
          <CardDescription>{t('auth.reset.description')}</CardDescription>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </section>
  );
}
