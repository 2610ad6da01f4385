import { PackageOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * "Our Services". The catalogue API does not exist yet, so this says so honestly
 * instead of showing invented cards; the catalogue work replaces the empty state
 * with the grid from GET /api/services.
 */
export function ServicesSection() {
  const { t } = useTranslation();
  return (
    <section
      id="services"
      aria-labelledby="services-title"
      className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16"
    >
      <h2 id="services-title" className="text-3xl font-bold">
        {t('landing.services.title')}
      </h2>
      <p className="mt-2 text-muted-foreground">{t('landing.services.subtitle')}</p>
      <div className="mt-8 flex flex-col items-center rounded-lg border border-dashed p-12 text-center">
        <PackageOpen aria-hidden="true" className="size-10 text-muted-foreground" />
        <p className="mt-4 font-medium">{t('landing.services.emptyTitle')}</p>
        <p className="mt-1 max-w-md text-sm text-muted-foreground">
          {t('landing.services.emptyText')}
        </p>
      </div>
    </section>
  );
}
