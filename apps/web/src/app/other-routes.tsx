import { Outlet, Route, Routes } from 'react-router';
import { embeddedUser, useUser } from '@/lib/current-user';
import { fetchEarly } from '@/lib/early-fetch';
import { openedAtReads } from './opened-at-reads';
import { page } from './page';
import { NotFoundPage } from './pages/not-found-page';
import { CALL_CENTER_ITEMS } from './shell/nav-items';

const DashboardPage = page(() => import('@/features/dashboard/pages/dashboard-page'));
const AdminLoginPage = page(() => import('@/features/auth/admin/admin-login-page'));
const AdminPage = page(() => import('@/app/admin/admin-page'));
const AdminChatPage = page(() => import('@/app/admin/admin-chat-page'));
const PricesCoveragePage = page(() => import('@/features/catalogue/pages/prices-coverage-page'));
const VoipPage = page(() => import('@/features/catalogue/pages/voip-page'));
const ServiceDetailPage = page(() => import('@/features/catalogue/pages/service-detail-page'));
const SipServicesPage = page(() => import('@/features/catalogue/pages/sip-services-page'));
const trunkPages = () => import('./pages/sip-trunk-pages');
const SipTrunkPage = page(() => trunkPages().then((m) => ({ default: m.SipTrunkRoute })));
const SipTrunkAdvancedPage = page(() =>
  trunkPages().then((m) => ({ default: m.SipTrunkAdvancedRoute })),
);
const PaymentPage = page(() => import('@/features/payments/pages/payment-page'));
const AddFundsPage = page(() => import('@/features/payments/pages/add-funds-page'));
const DidPage = page(() => import('@/features/catalogue/pages/did-page'));
const ChooseNumberPage = page(() => import('@/features/catalogue/pages/choose-number-page'));
const SmsPage = page(() => import('./pages/sms-page'));
const SmtpPage = page(() => import('./pages/smtp-page'));
const voicePages = () => import('./pages/voice-pages');
const SipPage = page(() => voicePages().then((m) => ({ default: m.SipPage })));
const SipCredentialsPage = page(() =>
  voicePages().then((m) => ({ default: m.SipCredentialsPage })),
);
const AccountPage = page(() => import('@/features/account/pages/account-page'));
const ResetPasswordPage = page(() => import('@/features/auth/pages/reset-password-page'));
const SipMonitoringPage = page(() => voicePages().then((m) => ({ default: m.SipMonitoringPage })));
// The four call-centre demo screens are one lazy page (one chunk) that picks the screen
// by its path: the Call Center menu's entries.
const CallCentrePage = page(() => import('./pages/call-centre-pages'));

// The page the app was opened at starts loading with this table, beside the session
// check and the shell's first render, rather than once the shell has rendered its route
// (some 150 ms later on a reload: docs/performance.md).
const OPENED_AT: Record<string, { preload: () => Promise<unknown> }> = {
  '/dashboard': DashboardPage,
  '/account': AccountPage,
  '/admin': AdminPage,
  '/admin-chat': AdminChatPage,
  '/did-numbers': ChooseNumberPage,
  '/sip-monitoring': SipMonitoringPage,
  '/services/sms': SmsPage,
  '/services/sip': SipPage,
  '/add-funds': AddFundsPage,
};
const opened = OPENED_AT[window.location.pathname]?.preload();
opened?.catch(() => {}); // the route shows the failure (the error boundary reloads)
// Their first answers too, where the page's own code would ask for them only once it
// has loaded and rendered (each asked as that code asks, tested beside it).
fetchEarly(openedAtReads(window.location.pathname, window.location.search, embeddedUser()));

/** The code of the page the app was opened at, when it is one loaded early. */
export const openedPageLoaded = (): Promise<unknown> => opened ?? Promise.resolve();

/** Signed-in pages do not exist for visitors: they see the 404 page. */
function SignedInOnly() {
  const { data: user } = useUser();
  return user ? <Outlet /> : <NotFoundPage signedInPage />;
}

/** Every route but "/", matched below the shell's catch-all route. */
export default function OtherRoutes() {
  return (
    <Routes>
      <Route path="admin/login" element={<AdminLoginPage />} />
      {/* Where a password reset link leads, signed in or not. */}
      <Route path="reset-password" element={<ResetPasswordPage />} />
      <Route element={<SignedInOnly />}>
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="account" element={<AccountPage />} />
        <Route path="admin" element={<AdminPage />} />
        <Route path="admin-chat" element={<AdminChatPage />} />
        <Route path="prices-coverage" element={<PricesCoveragePage />} />
        <Route path="services/sms" element={<SmsPage />} />
        <Route path="services/smtp" element={<SmtpPage />} />
        <Route path="services/sip" element={<SipPage />} />
        <Route path="sip-credentials" element={<SipCredentialsPage />} />
        <Route path="services/voip" element={<VoipPage />} />
        <Route path="services/did" element={<DidPage />} />
        <Route path="services/sip-trunk" element={<SipTrunkPage />} />
        <Route path="services/sip-trunk-advanced" element={<SipTrunkAdvancedPage />} />
        <Route path="sip-services" element={<SipServicesPage />} />
        <Route path="payment" element={<PaymentPage />} />
        <Route path="add-funds" element={<AddFundsPage />} />
        <Route path="services/:slug" element={<ServiceDetailPage />} />
        <Route path="did-numbers" element={<ChooseNumberPage />} />
        <Route path="sip-monitoring" element={<SipMonitoringPage />} />
        {/* Demo screens with sample data: signed-in pages in the spec, no role checks. */}
        {CALL_CENTER_ITEMS.map((item) => (
          <Route key={item.key} path={item.to} element={<CallCentrePage />} />
        ))}
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
