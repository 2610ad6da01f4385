import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { signIn } from '../api/submit-auth';
import { AuthSubmitFooter, type AuthSubmitTexts, EmailField, useAuthSubmit } from './auth-submit';

type Values = { email: string; password: string };
const DEFAULTS: Values = { email: '', password: '' };

const SIGN_IN_TEXTS: AuthSubmitTexts = {
  failed: 'auth.loginFailed',
  failedRetry: 'auth.loginFailedRetry',
  pending: 'auth.signingIn',
  submit: 'auth.signIn',
};

export function SignInForm() {
  const { t } = useTranslation();
  // Plain state, not react-hook-form: the landing page has no room for it (decision 0018).
  const [values, setValues] = useState(DEFAULTS);
  const submitting = useAuthSubmit(signIn);
  const { altcha, mutation } = submitting;
  const { email, password } = values;
  const field = (name: keyof Values) => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
  });
  const canSubmit =
    altcha !== null && email.trim() !== '' && password !== '' && !mutation.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (canSubmit) mutation.mutate({ email: email.trim(), password, altcha });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <EmailField id="signin-email" field={field('email')} />
      <FormField id="signin-password" label={t('auth.password')}>
        <Input type="password" autoComplete="current-password" {...field('password')} />
      </FormField>
      <Link
        to="/?auth=forgot"
        replace
        preventScrollReset
        className="-mt-2 self-end text-sm text-primary underline"
      >
        {t('auth.forgot.link')}
      </Link>
      <AuthSubmitFooter submitting={submitting} canSubmit={canSubmit} texts={SIGN_IN_TEXTS} />
    </form>
  );
}
