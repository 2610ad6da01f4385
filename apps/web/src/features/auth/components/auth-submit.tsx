import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormError, useFormErrorMessage } from '@/components/form-error';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { userQueryOptions } from '@/lib/current-user';
import type { signIn } from '../api/submit-auth';
import { SecurityCheck } from './security-check';

type SignedIn = Awaited<ReturnType<typeof signIn>>;

/**
 * What signing in and signing up share: the solved security check and the request that
 * carries it. A success stores the user and opens the dashboard; each solved check is
 * accepted once, so any failure clears it and a new attempt needs a new one.
 */
export function useAuthSubmit<I>(submit: (input: I) => Promise<SignedIn>) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [altcha, setAltcha] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: submit,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryOptions.queryKey, user);
      void navigate('/dashboard');
    },
    onError: () => setAltcha(null),
  });
  return { altcha, setAltcha, mutation };
}

/** The keys of the footer's texts: the failure (and its retry form) and the button's two states. */
export interface AuthSubmitTexts {
  failed: string;
  failedRetry: string;
  pending: string;
  submit: string;
}

/** The end of both forms: the security check, the failure and the submit button. */
export function AuthSubmitFooter({
  submitting,
  canSubmit,
  texts,
}: {
  submitting: {
    altcha: string | null;
    setAltcha: (v: string | null) => void;
    mutation: { error: Error | null; isPending: boolean };
  };
  canSubmit: boolean;
  texts: AuthSubmitTexts;
}) {
  const { t } = useTranslation();
  const errorMessage = useFormErrorMessage();
  const { altcha, setAltcha, mutation } = submitting;
  return (
    <>
      <SecurityCheck value={altcha} onChange={setAltcha} />
      <FormError
        message={
          mutation.error
            ? errorMessage(mutation.error, t(texts.failed), t(texts.failedRetry))
            : null
        }
      />
      <Button type="submit" disabled={!canSubmit}>
        {mutation.isPending ? t(texts.pending) : t(texts.submit)}
      </Button>
    </>
  );
}

/** The e-mail field both forms start with; `id` tells the two forms' fields apart. */
export function EmailField({
  id,
  field,
}: {
  id: string;
  field: {
    value: string;
    maxLength?: number;
    onChange: (e: { target: { value: string } }) => void;
  };
}) {
  const { t } = useTranslation();
  return (
    <FormField id={id} label={t('auth.email')}>
      <Input
        type="email"
        autoComplete="email"
        placeholder={t('auth.emailPlaceholder')}
        {...field}
      />
    </FormField>
  );
}
