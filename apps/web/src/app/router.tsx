import { Route, Routes } from 'react-router';
import { useUser } from '@/lib/current-user';
import { page } from './page';
import { LandingPage } from './pages/landing-page';
import { AppShell } from './shell/app-shell';

// Only the landing page is in the first bundle. Every other route is in a lazy table
// (other-routes.tsx) whose pages are lazy in turn: the landing page's entry carries one
// chunk list instead of one per route.
const HomePage = page(() => import('@/features/home/pages/home-page'));
const loadOtherRoutes = () => import('./other-routes');
const OtherRoutes = page(loadOtherRoutes);

// Opened at another address (a signed-in page, most often), the app fetches that table,
// its page and the rest of English (page.ts loads both) now, beside the session check,
// not once the shell has rendered.
const openedElsewhere = window.location.pathname !== '/';
if (openedElsewhere) OtherRoutes.preload().catch(() => {}); // the route shows the failure

/**
 * Settles once the page the app was opened at has its code, or after `ms` at most: the
 * first render then shows that page at once rather than a fallback first (never rejects).
 */
export function openedPageReady(ms: number): Promise<void> {
  // The dashboard's fallback is its own heading (app-shell.tsx PageLoading): shown at
  // once, it is the page's first content, and on a slow phone waiting for the code
  // first put that later (Lighthouse, docs/performance.md).
  const waits = openedElsewhere && window.location.pathname !== '/dashboard';
  const ready = waits
    ? OtherRoutes.preload()
        .then(loadOtherRoutes)
        .then((m) => m.openedPageLoaded())
    : Promise.resolve();
  return Promise.race([ready.catch(() => {}), new Promise((r) => setTimeout(r, ms))]).then(
    () => {},
  );
}

/** "/" is the landing page for visitors and the home page once signed in. */
function IndexPage() {
  const { data: user } = useUser();
  return user ? <HomePage /> : <LandingPage />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route index element={<IndexPage />} />
        <Route path="*" element={<OtherRoutes />} />
      </Route>
    </Routes>
  );
}
