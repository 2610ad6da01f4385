import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { LandingPage } from './pages/landing-page';
import { NotFoundPage } from './pages/not-found-page';
import { AppShell } from './shell/app-shell';

// Only the landing page is in the first bundle. Every other page is lazy so admin,
// dashboard and call-centre code never loads for a visitor on "/".
const AdminLoginPage = lazy(() => import('@/features/admin/pages/admin-login-page'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route index element={<LandingPage />} />
        <Route path="admin/login" element={<AdminLoginPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
