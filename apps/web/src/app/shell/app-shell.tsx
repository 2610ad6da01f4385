import type { User } from '@parley/shared';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { DashboardFrame } from '@/components/dashboard-frame';
import { useUser } from '@/lib/current-user';
import { rememberSession } from '@/lib/session-memory';
import { ErrorBoundary } from '../error-boundary';
import { Footer } from './footer';
import { HelpWidget } from './help-widget';
import { Navbar } from './navbar';
import { ScrollToTop } from './scroll-to-top';
import { FullPageSpinner } from './spinner';

/** While a page's code loads: the dashboard's heading when that is the page, and a spinner. */
function PageLoading({ user, openedAt }: { user: User | null; openedAt: string }) {
  const { pathname } = useLocation();
  // Only when the app was opened there: on a move from another page (signing up, say),
  // that page stays in the document, hidden, beside the fallback until the new one shows.
  if (!user || pathname !== '/dashboard' || openedAt !== pathname) return <FullPageSpinner />;
  return (
    <DashboardFrame firstName={user.firstName}>
      <FullPageSpinner />
    </DashboardFrame>
  );
}

export function AppShell() {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  const signedIn = Boolean(user);
  const { pathname, search } = useLocation();
  const [openedAt] = useState(pathname);
  // A later 404 on a signed-in page can then say the session ended.
  useEffect(() => {
    if (user) rememberSession();
  }, [user]);
  return (
    <div className="flex min-h-screen flex-col">
      <ScrollToTop />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-background focus:p-2"
      >
        {t('nav.skipToContent')}
      </a>
      <Navbar user={user ?? null} />
      {/* data-location: the place the page shown belongs to, committed with it (the
          browser tests wait for it after moving inside the app). */}
      <main id="main" className="flex-1" tabIndex={-1} data-location={pathname + search}>
        <ErrorBoundary>
          {isPending ? (
            <FullPageSpinner />
          ) : (
            <Suspense fallback={<PageLoading user={user ?? null} openedAt={openedAt} />}>
              <Outlet />
            </Suspense>
          )}
        </ErrorBoundary>
      </main>
      <Footer signedIn={signedIn} />
      <HelpWidget signedIn={signedIn} />
    </div>
  );
}
