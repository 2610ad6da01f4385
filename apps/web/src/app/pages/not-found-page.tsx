import { LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { LOGIN_URL } from '@/lib/routes';
import { hadSession } from '@/lib/session-memory';

/**
 * The spec's 404 page. On a page that needs a session (`signedInPage`), opened by a
 * browser that had been signed in, it also says the session ended and offers to sign in.
 */
export function NotFoundPage({ signedInPage = false }: { signedInPage?: boolean }) {
  const { t } = useTranslation();
  const ended = signedInPage && hadSession();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="mt-4 text-3xl font-bold">{t('notFound.title')}</h1>
      <p className="mt-3 text-muted-foreground">{t('notFound.description')}</p>
      {ended && (
        <div className="mt-8 w-full rounded-lg border bg-muted/50 p-4" role="status">
          <h2 className="text-lg font-semibold">{t('notFound.sessionEnded.title')}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('notFound.sessionEnded.text')}</p>
          <a href={LOGIN_URL} className={`${buttonVariants()} mt-4`}>
            <LogIn aria-hidden="true" />
            {t('notFound.sessionEnded.signIn')}
          </a>
        </div>
      )}
      <Link to="/" className={`${buttonVariants({ variant: ended ? 'outline' : 'default' })} mt-8`}>
        {t('notFound.backHome')}
      </Link>
    </section>
  );
}
