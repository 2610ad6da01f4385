import type { SecondFactorEnabled, SecondFactorSetup, User } from '@parley/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff, Shield } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { FormError, useFormErrorMessage } from '@/components/form-error';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { userQueryOptions, useUser } from '@/lib/current-user';
import { functionResolver } from '@/lib/form-resolver';
import { adminLogin } from './admin-login';
import { RecoveryCodesStep } from './recovery-codes';
import { SecondFactorSetupStep } from './second-factor-setup';

type Values = { email: string; password: string; code: string };
const DEFAULTS: Values = { email: '', password: '', code: '' };
const resolver = functionResolver<Values>((v) => ({
  email: v.email.trim() === '' ? 'missing' : undefined,
  password: v.password === '' ? 'missing' : undefined,
}));

/** Where the sign-in stands: the form, the first sign-in's set-up, or its recovery codes. */
type Step =
  | { kind: 'form' }
  | { kind: 'setup'; setup: SecondFactorSetup }
  | { kind: 'recovery'; enabled: SecondFactorEnabled };

export default function AdminLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorMessage = useFormErrorMessage();
  const form = useForm<Values>({ defaultValues: DEFAULTS, resolver, shouldFocusError: false });
  const [recoveryMode, setRecoveryMode] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [missing, setMissing] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const enter = (signedIn: User) => {
    queryClient.setQueryData(userQueryOptions.queryKey, signedIn);
    void navigate('/admin');
  };
  const mutation = useMutation({
    mutationFn: adminLogin,
    onSuccess: (result) => {
      if (result.kind === 'setup') setStep({ kind: 'setup', setup: result.setup });
      else enter(result.user);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'SECOND_FACTOR_REQUIRED') {
        form.setValue('code', '');
        form.setFocus('code');
      }
    },
  });

  // Told under the form until the next attempt, not as the fields are typed in.
  const submit = form.handleSubmit(
    ({ email, password, code }) => {
      setMissing(false);
      const typed = code.trim();
      mutation.mutate({ email: email.trim(), password, ...(typed ? { code: typed } : {}) });
    },
    () => setMissing(true),
  );

  // The recovery codes are shown before the panel, even though the session exists.
  if (user?.isAdmin && !mutation.isPending && step.kind !== 'recovery')
    return <Navigate to="/admin" replace />;

  const failure = mutation.error
    ? `${t('admin.login.failedTitle')}: ${errorMessage(mutation.error, t('admin.login.invalidCredentials'), t('admin.login.invalidCredentials'))}`
    : null;

  return (
    <section className="mx-auto flex max-w-md flex-col px-4 py-16">
      <Card>
        <CardHeader className="items-center text-center">
          <Shield aria-hidden="true" className="size-10 text-primary" />
          <h1 className="text-xl font-semibold leading-tight">{t('admin.login.title')}</h1>
          <CardDescription>{t('admin.login.subtitle')}</CardDescription>
        </CardHeader>
        <CardContent>
          {step.kind === 'setup' ? (
            <SecondFactorSetupStep
              setup={step.setup}
              onEnabled={(enabled) => setStep({ kind: 'recovery', enabled })}
              onRestart={() => {
                mutation.reset();
                setStep({ kind: 'form' });
              }}
            />
          ) : step.kind === 'recovery' ? (
            <RecoveryCodesStep
              email={step.enabled.user.email}
              codes={step.enabled.recoveryCodes}
              onDone={() => enter(step.enabled.user)}
            />
          ) : (
            <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
              <FormField id="admin-email" label={t('admin.login.email')}>
                <Input type="email" autoComplete="username" {...form.register('email')} />
              </FormField>
              <FormField id="admin-password" label={t('admin.login.password')}>
                {(control) => (
                  <div className="relative">
                    <Input
                      {...control}
                      type={showPassword ? 'text' : 'password'}
                      autoComplete="current-password"
                      className="pe-10"
                      {...form.register('password')}
                    />
                    <button
                      type="button"
                      className="absolute inset-y-0 end-0 flex w-10 items-center justify-center text-muted-foreground"
                      aria-label={
                        showPassword ? t('admin.login.hidePassword') : t('admin.login.showPassword')
                      }
                      aria-pressed={showPassword}
                      onClick={() => setShowPassword((s) => !s)}
                    >
                      {showPassword ? (
                        <EyeOff aria-hidden="true" className="size-4" />
                      ) : (
                        <Eye aria-hidden="true" className="size-4" />
                      )}
                    </button>
                  </div>
                )}
              </FormField>
              <FormField
                id="admin-code"
                label={recoveryMode ? t('secondFactor.recoveryCode') : t('secondFactor.code')}
                description={
                  recoveryMode ? t('secondFactor.recoveryHint') : t('secondFactor.codeHint')
                }
                after={
                  <button
                    type="button"
                    className="self-start text-sm text-primary underline-offset-4 hover:underline"
                    onClick={() => {
                      setRecoveryMode((r) => !r);
                      form.setFocus('code');
                    }}
                  >
                    {recoveryMode ? t('secondFactor.useApp') : t('secondFactor.useRecovery')}
                  </button>
                }
              >
                <Input
                  autoComplete="one-time-code"
                  inputMode={recoveryMode ? 'text' : 'numeric'}
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={32}
                  dir="ltr"
                  {...form.register('code')}
                />
              </FormField>
              <FormError message={missing ? t('admin.login.missing') : failure} />
              <Button type="submit" disabled={mutation.isPending}>
                {mutation.isPending ? t('admin.login.signingIn') : t('admin.login.submit')}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
