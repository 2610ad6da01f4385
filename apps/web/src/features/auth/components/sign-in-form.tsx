import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormError, useFormErrorMessage } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { userQueryOptions } from '@/lib/current-user';
import { signIn } from '../api/submit-auth';
import { SecurityCheck } from './security-check';

export function SignInForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorMessage = useFormErrorMessage();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
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
  const canSubmit =
    altcha !== null && email.trim() !== '' && password !== '' && !mutation.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (canSubmit) mutation.mutate({ email: email.trim(), password, altcha });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <div className="flex flex-col gap-2">
        <Label htmlFor="signin-email">{t('auth.email')}</Label>
        <Input
          id="signin-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={t('auth.emailPlaceholder')}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="signin-password">{t('auth.password')}</Label>
        <Input
          id="signin-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
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
