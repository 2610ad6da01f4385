import { useTranslation } from 'react-i18next';
import { usePackages } from '../api/catalogue';
import { PackageGrid } from './package-grid';

/**
 * A service's packages on sale, plans or add-ons, each with its Purchase link; for pages
 * of other features that sell them (the SIP trunk page).
 */
export function ServicePackages({ service, addons }: { service: string; addons: boolean }) {
  const { t } = useTranslation();
  const packages = usePackages(service);
  if (packages.isPending) return <p role="status">{t('common.loading')}</p>;
  if (packages.error)
    return (
      <p role="alert" className="text-destructive">
        {t('voip.loadFailed')}
      </p>
    );
  return <PackageGrid packages={packages.data.filter((p) => p.isAddon === addons)} />;
}
