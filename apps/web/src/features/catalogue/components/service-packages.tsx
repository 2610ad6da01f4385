import { useTranslation } from 'react-i18next';
import { usePackages } from '../api/catalogue';
import { PackageGrid } from './package-grid';

/**
 * A service's packages on sale, plans or add-ons, each with its Purchase link; for pages
 * of other features that sell them (the SIP trunk page).
 */
export function ServicePackages({
  service,
  addons,
  purchaseQuery,
}: {
  service: string;
  addons: boolean;
  /** Added to each Purchase link (the trunk an add-on is for). */
  purchaseQuery?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const packages = usePackages(service);
  if (packages.isPending) return <p role="status">{t('common.loading')}</p>;
  if (packages.error)
    return (
      <p role="alert" className="text-destructive">
        {t('voip.loadFailed')}
      </p>
    );
  return (
    <PackageGrid
      packages={packages.data.filter((p) => p.isAddon === addons)}
      purchaseQuery={purchaseQuery}
    />
  );
}
