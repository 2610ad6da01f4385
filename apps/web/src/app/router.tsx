import { Route, Routes } from 'react-router';
import { useUser } from '@/lib/current-user';
import { page } from './page';
import { LandingPage } from './pages/landing-page';
import { AppShell } from './shell/app-shell';

// Only the landing page is in the first bundle. Every other route is in a lazy table
// (other-routes.tsx) whose pages are lazy in turn: the landing page's entry carries one
// chunk list instead of one per route.
const HomePage = page(() => import('@/features/home/pages/home-page'));
const OtherRoutes = page(() => import('./other-routes'));

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
