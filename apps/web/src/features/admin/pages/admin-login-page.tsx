import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff, Shield } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { FormError, useFormErrorMessage } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { userQueryOptions, useUser } from '@/lib/current-user';
import { adminLogin } from '../api/admin-login';

export default function AdminLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorMessage = useFormErrorMessage();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [missing, setMissing] = useState(false);
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const mutation = useMutation({
    mutationFn: adminLogin,
    onSuccess: (signedIn) => {
      queryClient.setQueryData(userQueryOptions.queryKey, signedIn);
      void navigate('/admin');
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const incomplete = email.trim() === '' || password === '';
    setMissing(incomplete);
    if (!incomplete) mutation.mutate({ email: email.trim(), password });
  };

  if (user?.isAdmin && !mutation.isPending) return <Navigate to="/admin" replace />;

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
          <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
            <div className="flex flex-col gap-2">
              <Label htmlFor="admin-email">{t('admin.login.email')}</Label>
              <Input
                id="admin-email"
                type="email"
                autoComplete="username"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="admin-password">{t('admin.login.password')}</Label>
              <div className="relative">
                <Input
                  id="admin-password"
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  className="pe-10"
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
            </div>
            <FormError message={missing ? t('admin.login.missing') : failure} />
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? t('admin.login.signingIn') : t('admin.login.submit')}
            </Button>
          </form>
        </CardContent>
      </Card>
    </section>
  );
}
