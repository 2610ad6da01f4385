import { BarChart3, Lock, MapPin, Shuffle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FeatureList } from '../components/feature-list';
import ServiceDetailPage from './service-detail-page';

const FEATURES = [
  { key: 'geo', icon: MapPin },
  { key: 'failover', icon: Shuffle },
  { key: 'encryption', icon: Lock },
  { key: 'analytics', icon: BarChart3 },
] as const;

/** /services/sip-trunk-advanced: the advanced trunk's plans and what sets it apart. */
export default function SipTrunkAdvancedPage() {
  const { t } = useTranslation();
  return (
    <ServiceDetailPage slug="sip-trunk-advanced">
      <section aria-labelledby="advanced-features" className="space-y-4">
        <h2 id="advanced-features" className="text-2xl font-semibold">
          {t('sipAdvanced.title')}
        </h2>
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
      </section>
    </ServiceDetailPage>
  );
}
