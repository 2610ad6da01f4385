import { lazy } from 'react';
import { Outlet, Route, Routes } from 'react-router';
import { useUser } from '@/lib/current-user';
import { LandingPage } from './pages/landing-page';
import { NotFoundPage } from './pages/not-found-page';
import { AppShell } from './shell/app-shell';

// Only the landing page is in the first bundle. Every other page is lazy so admin,
// dashboard and call-centre code never loads for a visitor on "/".
const HomePage = lazy(() => import('@/features/home/pages/home-page'));
const DashboardPage = lazy(() => import('@/features/dashboard/pages/dashboard-page'));
const AdminLoginPage = lazy(() => import('@/features/admin/pages/admin-login-page'));
const AdminPage = lazy(() => import('@/features/admin/pages/admin-page'));
const AdminChatPage = lazy(() => import('@/features/admin/pages/admin-chat-page'));
const PricesCoveragePage = lazy(() => import('@/features/catalogue/pages/prices-coverage-page'));
const VoipPage = lazy(() => import('@/features/catalogue/pages/voip-page'));
const ServiceDetailPage = lazy(() => import('@/features/catalogue/pages/service-detail-page'));
const DidPage = lazy(() => import('@/features/numbers/pages/did-page'));
const ChooseNumberPage = lazy(() => import('@/features/numbers/pages/choose-number-page'));

/** "/" is the landing page for visitors and the home page once signed in. */
function IndexPage() {
  const { data: user } = useUser();
  return user ? <HomePage /> : <LandingPage />;
}

/** Signed-in pages do not exist for visitors: they see the 404 page (SPEC §2). */
function SignedInOnly() {
  const { data: user } = useUser();
  return user ? <Outlet /> : <NotFoundPage />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route index element={<IndexPage />} />
        <Route path="admin/login" element={<AdminLoginPage />} />
        <Route element={<SignedInOnly />}>
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="admin" element={<AdminPage />} />
          <Route path="admin-chat" element={<AdminChatPage />} />
          <Route path="prices-coverage" element={<PricesCoveragePage />} />
          <Route path="services/voip" element={<VoipPage />} />
          <Route path="services/did" element={<DidPage />} />
          <Route path="services/:slug" element={<ServiceDetailPage />} />
          <Route path="did-numbers" element={<ChooseNumberPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
