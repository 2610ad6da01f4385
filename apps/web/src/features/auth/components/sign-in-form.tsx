import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormError, useFormErrorMessage } from '@/components/form-error';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { userQueryOptions } from '@/lib/current-user';
import { signIn } from '../api/submit-auth';
import { SecurityCheck } from './security-check';

type Values = { email: string; password: string };
const DEFAULTS: Values = { email: '', password: '' };

export function SignInForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorMessage = useFormErrorMessage();
  // Plain state, not react-hook-form: the landing page has no room for it (decision 0018).
  const [values, setValues] = useState(DEFAULTS);
  const [altcha, setAltcha] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: signIn,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryOptions.queryKey, user);
      void navigate('/dashboard');
    },
    // Each solved check is accepted once: a new attempt needs a new one.
    onError: () => setAltcha(null),
  });
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
      <FormField id="signin-email" label={t('auth.email')}>
        <Input
          type="email"
          autoComplete="email"
          placeholder={t('auth.emailPlaceholder')}
          {...field('email')}
        />
      </FormField>
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
      <SecurityCheck value={altcha} onChange={setAltcha} />
      <FormError
        message={
          mutation.error
            ? errorMessage(mutation.error, t('auth.loginFailed'), t('auth.loginFailedRetry'))
            : null
        }
      />
      <Button type="submit" disabled={!canSubmit}>
        {mutation.isPending ? t('auth.signingIn') : t('auth.signIn')}
      </Button>
    </form>
  );
}
