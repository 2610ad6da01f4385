import { BarChart3, Lock, MapPin, Shuffle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FeatureList } from '@/components/feature-list';
import { PageSection } from '../components/page-section';
import ServiceDetailPage from './service-detail-page';

const FEATURES = [
  { key: 'geo', icon: MapPin },
  { key: 'failover', icon: Shuffle },
  { key: 'encryption', icon: Lock },
  { key: 'analytics', icon: BarChart3 },
] as const;

/**
 * /services/sip-trunk-advanced: the advanced trunk's plans and what sets it apart. An
 * advanced trunk is a trunk like the others: `yourTrunks` (the customer's, from the SIP
 * trunk feature, composed in app/) leads to where it is set up.
 */
export default function SipTrunkAdvancedPage({ yourTrunks }: { yourTrunks?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ServiceDetailPage slug="sip-trunk-advanced">
      {yourTrunks}
      <PageSection id="advanced-features" title={t('sipAdvanced.title')}>
        <FeatureList prefix="sipAdvanced.features" items={FEATURES} />
        <p className="text-sm">
          <Link to="/services/sip-trunk" className="text-primary underline">
            {t('sipAdvanced.compare')}
          </Link>{' '}
          ·{' '}
          <Link to="/sip-services" className="text-primary underline">
            {t('sipAdvanced.allSip')}
          </Link>
        </p>
      </PageSection>
    </ServiceDetailPage>
  );
}
