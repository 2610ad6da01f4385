import ServiceDetailPage from '@/features/catalogue/pages/service-detail-page';
import { MailRelay } from '@/features/mail/components/mail-relay';

// Features do not import each other, so app/ puts the catalogue's page and the relay
// together.

/** /services/smtp: the SMTP packages on sale, and under them the customer's relay. */
export default function SmtpPage() {
  return (
    <ServiceDetailPage slug="smtp">
      <MailRelay />
    </ServiceDetailPage>
  );
}
