import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

/**
 * The Sign In / Sign Up card; `?auth=signup` opens the second tab, `?auth=forgot` the
 * Sign In tab's "Forgot password?" form.
 */
export function AuthCard() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const auth = params.get('auth');
  const tab = auth === 'signup' ? 'signup' : 'signin';
  return (
    <Card id="auth" className="w-full scroll-mt-24">
      <CardHeader>
        <CardTitle as="h2">{t('auth.cardTitle')}</CardTitle>
        <CardDescription>{t('auth.cardDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs
          value={tab}
          onValueChange={(value) =>
            setParams({ auth: value }, { replace: true, preventScrollReset: true })
          }
        >
          <TabsList>
            <TabsTrigger value="signin">{t('auth.signIn')}</TabsTrigger>
            <TabsTrigger value="signup">{t('auth.signUp')}</TabsTrigger>
          </TabsList>
          <TabsContent value="signin">
            {auth === 'forgot' ? <ForgotPasswordForm /> : <SignInForm />}
          </TabsContent>
          <TabsContent value="signup">
            <SignUpForm />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
