import { CONTACT_METHODS, type ContactMethod, PASSWORD_MIN_LENGTH } from '@parley/shared/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormError, useFormErrorMessage } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import { Checkbox, Input, Label, Select } from '@/components/ui/input';
import { userQueryOptions } from '@/lib/current-user';
import { signUp } from '../api/submit-auth';
import { SecurityCheck } from './security-check';

const EMPTY = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  contactValue: '',
};

export function SignUpForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorMessage = useFormErrorMessage();
  const [fields, setFields] = useState(EMPTY);
  const [contactMethod, setContactMethod] = useState<ContactMethod | ''>('');
  const [agreed, setAgreed] = useState(false);
  const [altcha, setAltcha] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: signUp,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryOptions.queryKey, user);
      void navigate('/dashboard');
    },
    // Each solved check is accepted once: a new attempt needs a new one.
    onError: () => setAltcha(null),
  });

  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));
  const name = [fields.firstName.trim(), fields.lastName.trim()].filter(Boolean).join(' ');
  const passwordsMatch = fields.password === fields.confirmPassword;
  const mismatchShown = !passwordsMatch && fields.confirmPassword !== '';
  const tooShort = fields.password !== '' && fields.password.length < PASSWORD_MIN_LENGTH;
  const canSubmit =
    altcha !== null &&
    !tooShort &&
    name !== '' &&
    fields.email.trim() !== '' &&
    fields.password !== '' &&
    passwordsMatch &&
    agreed &&
    contactMethod !== '' &&
    fields.contactValue.trim() !== '' &&
    !mutation.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmit) return;
    mutation.mutate({
      name,
      email: fields.email.trim(),
      password: fields.password,
      confirmPassword: fields.confirmPassword,
      contactMethod,
      contactValue: fields.contactValue.trim(),
      altcha,
    });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-2">
          <Label htmlFor="signup-first">{t('auth.firstName')}</Label>
          <Input
            id="signup-first"
            autoComplete="given-name"
            value={fields.firstName}
            onChange={set('firstName')}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="signup-last">{t('auth.lastName')}</Label>
          <Input
            id="signup-last"
            autoComplete="family-name"
            value={fields.lastName}
            onChange={set('lastName')}
          />
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="signup-email">{t('auth.email')}</Label>
        <Input
          id="signup-email"
          type="email"
          autoComplete="email"
          value={fields.email}
          onChange={set('email')}
          placeholder={t('auth.emailPlaceholder')}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-2">
          <Label htmlFor="signup-password">{t('auth.password')}</Label>
          <Input
            id="signup-password"
            type="password"
            autoComplete="new-password"
            value={fields.password}
            onChange={set('password')}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="signup-confirm">{t('auth.confirmPassword')}</Label>
          <Input
            id="signup-confirm"
            type="password"
            autoComplete="new-password"
            value={fields.confirmPassword}
            onChange={set('confirmPassword')}
            aria-invalid={mismatchShown}
            aria-describedby={mismatchShown ? 'signup-confirm-error' : undefined}
          />
        </div>
      </div>
      <p
        id="signup-password-hint"
        className={`text-sm ${tooShort ? 'text-destructive' : 'text-muted-foreground'}`}
      >
        {t('auth.passwordTooShort', { min: PASSWORD_MIN_LENGTH })}
      </p>
      {mismatchShown && (
        <p id="signup-confirm-error" className="text-sm text-destructive">
          {t('auth.passwordsDiffer')}
        </p>
      )}
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-2">
          <Label htmlFor="signup-contact-method">{t('auth.contactMethod')}</Label>
          <Select
            id="signup-contact-method"
            value={contactMethod}
            onChange={(e) => {
              setContactMethod(e.target.value as ContactMethod);
              setFields((f) => ({ ...f, contactValue: '' }));
            }}
          >
            <option value="" disabled>
              {t('auth.chooseContactMethod')}
            </option>
            {CONTACT_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`auth.contactMethods.${m}`)}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="signup-contact-value">{t('auth.contactValue')}</Label>
          <Input
            id="signup-contact-value"
            value={fields.contactValue}
            onChange={set('contactValue')}
            disabled={contactMethod === ''}
            placeholder={
              contactMethod === 'telegram'
                ? t('auth.telegramPlaceholder')
                : t('auth.phonePlaceholder')
            }
          />
        </div>
      </div>
      <div className="flex items-center gap-3">
        <Checkbox
          id="signup-terms"
          checked={agreed}
          onChange={(e) => setAgreed(e.target.checked)}
        />
        <label htmlFor="signup-terms" className="text-sm">
          {t('auth.agreeToTerms')}{' '}
          <a href="/#terms" className="text-primary underline">
            {t('auth.termsLink')}
          </a>
        </label>
      </div>
      <SecurityCheck value={altcha} onChange={setAltcha} />
      <FormError
        message={
          mutation.error
            ? errorMessage(mutation.error, t('auth.signupFailed'), t('auth.signupFailedRetry'))
            : null
        }
      />
      <Button type="submit" disabled={!canSubmit}>
        {mutation.isPending ? t('auth.creatingAccount') : t('auth.createAccount')}
      </Button>
    </form>
  );
}
