import { SmppAccountsCard } from '@/features/smpp-server/components/smpp-accounts-card';
import SmsSendingPage from '@/features/sms/pages/sms-page';

/** The SMS screen: sending (features/sms), then the SMPP accounts (features/smpp-server). */
export default function SmsPage() {
  return (
    <SmsSendingPage>
      <SmppAccountsCard />
    </SmsSendingPage>
  );
}
