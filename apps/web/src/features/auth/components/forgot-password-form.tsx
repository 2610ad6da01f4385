import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError, useFormErrorMessage } from '@/components/form-error';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { isolate } from '@/lib/bidi';
import { getPublicConfig } from '@/lib/public-config';
import { forgotPassword } from '../api/password-reset';
import { SecurityCheck } from './security-check';

/**
 * "Forgot password?": the account's email and the security check. The answer never says
 * whether the address has an account; without email, it says whom to ask instead.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const errorMessage = useFormErrorMessage();
  const [email, setEmail] = useState('');
  const [altcha, setAltcha] = useState<string | null>(null);
  // Opened from "Forgot password?", whose link is gone now: the email field takes focus.
  const emailRef = useRef<HTMLInputElement>(null);
  useEffect(() => emailRef.current?.focus(), []);
  const mutation = useMutation({ mutationFn: forgotPassword, onError: () => setAltcha(null) });
  const canSubmit = altcha !== null && email.trim() !== '' && !mutation.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (canSubmit) mutation.mutate({ email: email.trim(), altcha });
  };
  const back = (
    <Link to="/?auth=signin" replace preventScrollReset className="text-sm text-primary underline">
      {t('auth.forgot.back')}
    </Link>
  );

  if (mutation.data)
    return (
      <div className="flex flex-col gap-4">
        <p role="status" className="rounded-md border bg-muted/50 p-3 text-sm">
          {mutation.data.delivery === 'email'
            ? t('auth.forgot.sent', { email: isolate(mutation.variables.email) })
            : t('auth.forgot.noEmail', { support: isolate(getPublicConfig().supportEmail) })}
        </p>
        {back}
      </div>
    );

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <p className="text-sm text-muted-foreground">{t('auth.forgot.intro')}</p>
      <FormField id="forgot-email" label={t('auth.email')}>
        <Input
          type="email"
          ref={emailRef}
          autoComplete="email"
          placeholder={t('auth.emailPlaceholder')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </FormField>
      <SecurityCheck value={altcha} onChange={setAltcha} />
      <FormError
        message={
          mutation.error
            ? errorMessage(mutation.error, t('auth.forgot.failed'), t('auth.loginFailedRetry'))
            : null
        }
      />
      <Button type="submit" disabled={!canSubmit}>
        {mutation.isPending ? t('auth.forgot.sending') : t('auth.forgot.submit')}
      </Button>
      {back}
    </form>
  );
}
