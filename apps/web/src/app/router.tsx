import { Route, Routes } from 'react-router';
import { useUser } from '@/lib/current-user';
import { loadFullEnglish } from '@/lib/i18n';
import { page } from './page';
import { LandingPage } from './pages/landing-page';
import { AppShell } from './shell/app-shell';

// Only the landing page is in the first bundle. Every other route is in a lazy table
// (other-routes.tsx) whose pages are lazy in turn: the landing page's entry carries one
// chunk list instead of one per route.
const HomePage = page(() => import('@/features/home/pages/home-page'));
const loadOtherRoutes = () => import('./other-routes');
const OtherRoutes = page(loadOtherRoutes);

// Opened at another address (a signed-in page, most often), the app fetches that table
// and the rest of English now, beside the session check, not once the check is answered.
if (window.location.pathname !== '/') {
  loadOtherRoutes().catch(() => {}); // the route loads it again, and shows the failure
  loadFullEnglish().catch(() => {});
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
