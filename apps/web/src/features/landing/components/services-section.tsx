import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** "Our Services"; the page puts the grid inside. */
export function ServicesSection({ children }: { children: ReactNode }) {
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
      <div className="mt-8">{children}</div>
    </section>
  );
}
