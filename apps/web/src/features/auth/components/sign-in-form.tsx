import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormError, useFormErrorMessage } from '@/components/form-error';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { userQueryOptions } from '@/lib/current-user';
import { functionResolver } from '@/lib/form-resolver';
import { signIn } from '../api/submit-auth';
import { SecurityCheck } from './security-check';

type Values = { email: string; password: string };
const DEFAULTS: Values = { email: '', password: '' };
// The button stays disabled until both are given, so these never show.
const resolver = functionResolver<Values>((v) => ({
  email: v.email.trim() === '' ? 'required' : undefined,
  password: v.password === '' ? 'required' : undefined,
}));

export function SignInForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorMessage = useFormErrorMessage();
  const form = useForm<Values>({ defaultValues: DEFAULTS, resolver });
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
  const { email, password } = form.watch();
  const canSubmit =
    altcha !== null && email.trim() !== '' && password !== '' && !mutation.isPending;

  const submit = form.handleSubmit((v) => {
    if (canSubmit) mutation.mutate({ email: v.email.trim(), password: v.password, altcha });
  });

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <FormField id="signin-email" label={t('auth.email')}>
        <Input
          type="email"
          autoComplete="email"
          placeholder={t('auth.emailPlaceholder')}
          {...form.register('email')}
        />
      </FormField>
      <FormField id="signin-password" label={t('auth.password')}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
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
