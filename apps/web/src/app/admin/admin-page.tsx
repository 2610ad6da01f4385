import { type ComponentType, useEffect } from 'react';
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
import { ChainsTab } from '@/features/chains/admin/chains-tab';
import { FulfilmentTab } from '@/features/fulfilment/admin/fulfilment-tab';
import { PaymentsTable } from '@/features/payments/admin/payments-table';
import { RatesTab } from '@/features/payments/admin/rates-tab';
import { WalletsTab } from '@/features/payments/admin/wallets-tab';
import { SubscriptionsTab } from '@/features/renewals/admin/subscriptions-tab';
import { SetupNotices } from '@/features/setup/admin/setup-checklist';
import { SipTrunksTab } from '@/features/sip-trunk/admin/sip-trunks-tab';
import { SmppSessionsTab } from '@/features/smpp-server/admin/smpp-sessions-tab';
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

const LABEL_KEYS: Record<AdminTab, string> = {
  payments: 'admin.payments.title',
  wallets: 'admin.wallets.title',
  rates: 'admin.rates.title',
  chains: 'admin.chains.title',
  services: 'admin.services.title',
  packages: 'admin.packages.title',
  'country-pricing': 'admin.countryPricing.title',
  'sip-domains': 'admin.sipDomains.title',
  numbers: 'admin.numbers.title',
  'sender-ids': 'admin.senderIds.title',
  'smpp-sessions': 'smpp.admin.title',
  'sip-trunks': 'sipTrunk.admin.title',
  users: 'admin.users.title',
  subscriptions: 'admin.subscriptions.title',
  fulfilment: 'fulfilment.admin.title',
  calls: 'admin.calls.title',
  analytics: 'admin.analytics.title',
  audit: 'admin.audit.title',
};

/** What each tab shows. */
const CONTENT: Record<AdminTab, ComponentType> = {
  payments: PaymentsTable,
  wallets: WalletsTab,
  rates: RatesTab,
  chains: ChainsTab,
  services: ServicesTab,
  packages: PackagesTab,
  'country-pricing': CountryPricingTab,
  'sip-domains': SipDomainsTab,
  numbers: NumbersTab,
  'sender-ids': SenderIdsTab,
  'smpp-sessions': SmppSessionsTab,
  'sip-trunks': SipTrunksTab,
  users: UsersTab,
  subscriptions: SubscriptionsTab,
  fulfilment: FulfilmentTab,
  calls: CallsTab,
  analytics: AnalyticsTab,
  audit: AuditTab,
};

/** The tabs whose content has no heading of its own: the panel gives it one. */
const TITLED: Partial<Record<AdminTab, true>> = { payments: true, users: true };

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
  const tab: AdminTab = ADMIN_TABS.find((x) => x === requested) ?? 'payments';
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">{t('nav.adminPanel')}</h1>
      <SetupNotices />
      <SmsStatusNotice />
      <VoiceStatusNotice />
      <SmsInbound />
      <Tabs value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        <TabsList className="h-auto flex-wrap justify-start">
          {ADMIN_TABS.map((x) => (
            <TabsTrigger key={x} value={x} className="flex-none">
              {t(LABEL_KEYS[x])}
            </TabsTrigger>
          ))}
        </TabsList>
        {ADMIN_TABS.map((x) => {
          const Content = CONTENT[x];
          return (
            <TabsContent key={x} value={x}>
              {x in TITLED ? (
                <section aria-labelledby={`admin-${x}-title`} className="space-y-3">
                  <h2 id={`admin-${x}-title`} className="text-xl font-semibold">
                    {t(LABEL_KEYS[x])}
                  </h2>
                  <Content />
                </section>
              ) : (
                <Content />
              )}
            </TabsContent>
          );
        })}
      </Tabs>
    </div>
  );
}
