import {
  CONTACT_METHODS,
  type ContactMethod,
  newPasswordProblem,
  PASSWORD_MIN_LENGTH,
} from '@parley/shared/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Checkbox, Input, Select } from '@/components/ui/input';
import { signUp } from '../api/submit-auth';
import { AuthSubmitFooter, type AuthSubmitTexts, EmailField, useAuthSubmit } from './auth-submit';

type Values = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  contactMethod: ContactMethod | '';
  contactValue: string;
  agreed: boolean;
};
const DEFAULTS: Values = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  contactMethod: '',
  contactValue: '',
  agreed: false,
};

/**
 * The contract's limits (contracts/auth.ts) as the fields' own: typing stops there, so
 * the server never has to refuse a length in English. The name is both halves joined by
 * a space, at most 200 characters.
 */
const MAX_LENGTH: Partial<Record<keyof Values, number>> = {
  firstName: 100,
  lastName: 99,
  email: 254,
  password: 1024,
  confirmPassword: 1024,
  contactValue: 100,
};

const fullNameOf = (v: Values) => [v.firstName.trim(), v.lastName.trim()].filter(Boolean).join(' ');

/**
 * The sign-up rules. The button stays disabled while any is broken; only the short
 * password and the differing confirmation are told, as they are typed.
 */
function problems(v: Values) {
  return {
    firstName: fullNameOf(v) === '' ? 'required' : undefined,
    email: v.email.trim() === '' ? 'required' : undefined,
    password: v.password === '' || newPasswordProblem(v.password) ? 'tooShort' : undefined,
    confirmPassword: v.password !== v.confirmPassword ? 'differs' : undefined,
    contactMethod: v.contactMethod === '' ? 'required' : undefined,
    contactValue: v.contactValue.trim() === '' ? 'required' : undefined,
    agreed: v.agreed ? undefined : 'required',
  };
}

const SIGN_UP_TEXTS: AuthSubmitTexts = {
  failed: 'auth.signupFailed',
  failedRetry: 'auth.signupFailedRetry',
  pending: 'auth.creatingAccount',
  submit: 'auth.createAccount',
};

export function SignUpForm() {
  const { t } = useTranslation();
  // Plain state, not react-hook-form: the landing page has no room for it (decision 0018).
  const [values, setValues] = useState(DEFAULTS);
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const field = (name: Exclude<keyof Values, 'agreed' | 'contactMethod'>) => ({
    value: values[name],
    maxLength: MAX_LENGTH[name],
    onChange: (e: { target: { value: string } }) => set({ [name]: e.target.value }),
  });
  const submitting = useAuthSubmit(signUp);
  const { altcha, mutation } = submitting;

  const mismatchShown = values.password !== values.confirmPassword && values.confirmPassword !== '';
  const tooShort = values.password !== '' && newPasswordProblem(values.password) !== null;
  const broken = Object.values(problems(values)).some(Boolean);
  const canSubmit = altcha !== null && !broken && !mutation.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = values;
    if (!canSubmit || v.contactMethod === '') return;
    mutation.mutate({
      name: fullNameOf(v),
      email: v.email.trim(),
      password: v.password,
      confirmPassword: v.confirmPassword,
      contactMethod: v.contactMethod,
      contactValue: v.contactValue.trim(),
      altcha,
    });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <div className="grid grid-cols-2 gap-3">
        <FormField id="signup-first" label={t('auth.firstName')}>
          <Input autoComplete="given-name" {...field('firstName')} />
        </FormField>
        <FormField id="signup-last" label={t('auth.lastName')}>
          <Input autoComplete="family-name" {...field('lastName')} />
        </FormField>
      </div>
      <EmailField id="signup-email" field={field('email')} />
      <div className="grid grid-cols-2 gap-3">
        <FormField id="signup-password" label={t('auth.password')}>
          <Input type="password" autoComplete="new-password" {...field('password')} />
        </FormField>
        {/* The mismatch is told under Confirm, the field that has to change. */}
        <FormField
          id="signup-confirm"
          label={t('auth.confirmPassword')}
          error={mismatchShown ? t('auth.passwordsDiffer') : null}
        >
          <Input type="password" autoComplete="new-password" {...field('confirmPassword')} />
        </FormField>
      </div>
      <p
        id="signup-password-hint"
        className={`text-sm ${tooShort ? 'text-destructive' : 'text-muted-foreground'}`}
      >
        {t('auth.passwordTooShort', { min: PASSWORD_MIN_LENGTH })}
      </p>
      <div className="grid grid-cols-2 gap-3">
        <FormField id="signup-contact-method" label={t('auth.contactMethod')}>
          <Select
            value={values.contactMethod}
            onChange={(e) =>
              set({ contactMethod: e.target.value as ContactMethod, contactValue: '' })
            }
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
        </FormField>
        <FormField id="signup-contact-value" label={t('auth.contactValue')}>
          <Input
            {...field('contactValue')}
            disabled={values.contactMethod === ''}
            placeholder={
              values.contactMethod === 'telegram'
                ? t('auth.telegramPlaceholder')
                : t('auth.phonePlaceholder')
            }
          />
        </FormField>
      </div>
      <div className="flex items-center gap-3">
        <Checkbox
          id="signup-terms"
          checked={values.agreed}
          onChange={(e) => set({ agreed: e.target.checked })}
        />
        <label htmlFor="signup-terms" className="text-sm">
          {t('auth.agreeToTerms')}{' '}
          <a href="/#terms" className="text-primary underline">
            {t('auth.termsLink')}
          </a>
        </label>
      </div>
      <AuthSubmitFooter submitting={submitting} canSubmit={canSubmit} texts={SIGN_UP_TEXTS} />
    </form>
  );
}
