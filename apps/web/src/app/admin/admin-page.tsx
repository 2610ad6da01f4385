import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AnalyticsTab } from '@/features/analytics/admin/analytics-tab';
import { AuditTab } from '@/features/audit/admin/audit-tab';
import { CountryPricingTab } from '@/features/catalogue/admin/country-pricing-tab';
import { NumbersTab } from '@/features/catalogue/admin/numbers-tab';
import { PackagesTab } from '@/features/catalogue/admin/packages-tab';
import { ServicesTab } from '@/features/catalogue/admin/services-tab';
import { SipDomainsTab } from '@/features/catalogue/admin/sip-domains-tab';
import { PaymentsTable } from '@/features/payments/admin/payments-table';
import { RatesTab } from '@/features/payments/admin/rates-tab';
import { WalletsTab } from '@/features/payments/admin/wallets-tab';
import { SubscriptionsTab } from '@/features/renewals/admin/subscriptions-tab';
import { SetupNotices } from '@/features/setup/admin/setup-checklist';
import { SenderIdsTab } from '@/features/sms/admin/sender-ids-tab';
import { SmsInbound } from '@/features/sms/admin/sms-inbound';
import { SmsStatusNotice } from '@/features/sms/admin/sms-status-notice';
import { UsersTab } from '@/features/users/admin/users-tab';
import { CallsTab } from '@/features/voice/admin/calls-tab';
import { VoiceStatusNotice } from '@/features/voice/admin/voice-status-notice';
import { useUser } from '@/lib/current-user';
import { showToast } from '@/lib/toast';
import { useAdminEvents } from './admin-events';
import { ADMIN_TABS, type AdminTab } from './tabs';

const TABS = ADMIN_TABS;
type Tab = AdminTab;

const LABEL_KEYS: Record<Tab, string> = {
  payments: 'admin.payments.title',
  wallets: 'admin.wallets.title',
  rates: 'admin.rates.title',
  services: 'admin.services.title',
  packages: 'admin.packages.title',
  'country-pricing': 'admin.countryPricing.title',
  'sip-domains': 'admin.sipDomains.title',
  numbers: 'admin.numbers.title',
  'sender-ids': 'admin.senderIds.title',
  users: 'admin.users.title',
  subscriptions: 'admin.subscriptions.title',
  calls: 'admin.calls.title',
  analytics: 'admin.analytics.title',
  audit: 'admin.audit.title',
};

/** The admin panel; the open tab is kept in the address so it survives a reload. */
export default function AdminPage() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const [params, setParams] = useSearchParams();
  const denied = !user?.isAdmin;
  useAdminEvents(!denied);
  useEffect(() => {
    if (denied) showToast('error', t('admin.accessDenied.title'), t('admin.accessDenied.text'));
  }, [denied, t]);
  if (denied) return <Navigate to="/dashboard" replace />;
  const requested = params.get('tab');
  const tab: Tab = TABS.find((x) => x === requested) ?? 'payments';
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">{t('nav.adminPanel')}</h1>
      <SetupNotices />
      <SmsStatusNotice />
      <VoiceStatusNotice />
      <SmsInbound />
      <Tabs value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        <TabsList className="h-auto flex-wrap justify-start">
          {TABS.map((x) => (
            <TabsTrigger key={x} value={x} className="flex-none">
              {t(LABEL_KEYS[x])}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="payments">
          <section aria-labelledby="admin-payments-title" className="space-y-3">
            <h2 id="admin-payments-title" className="text-xl font-semibold">
              {t('admin.payments.title')}
            </h2>
            <PaymentsTable />
          </section>
        </TabsContent>
        <TabsContent value="wallets">
          <WalletsTab />
        </TabsContent>
        <TabsContent value="rates">
          <RatesTab />
        </TabsContent>
        <TabsContent value="services">
          <ServicesTab />
        </TabsContent>
        <TabsContent value="packages">
          <PackagesTab />
        </TabsContent>
        <TabsContent value="country-pricing">
          <CountryPricingTab />
        </TabsContent>
        <TabsContent value="sip-domains">
          <SipDomainsTab />
        </TabsContent>
        <TabsContent value="numbers">
          <NumbersTab />
        </TabsContent>
        <TabsContent value="sender-ids">
          <SenderIdsTab />
        </TabsContent>
        <TabsContent value="users">
          <section aria-labelledby="admin-users-title" className="space-y-3">
            <h2 id="admin-users-title" className="text-xl font-semibold">
              {t('admin.users.title')}
            </h2>
            <UsersTab />
          </section>
        </TabsContent>
        <TabsContent value="subscriptions">
          <SubscriptionsTab />
        </TabsContent>
        <TabsContent value="calls">
          <CallsTab />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab />
        </TabsContent>
        <TabsContent value="audit">
          <AuditTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
