import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { useServices } from '@/lib/services-query';
import { usePackages } from '../api/catalogue';
import { PackageGrid } from '../components/package-grid';
import { PageSection } from '../components/page-section';

/** /services/{slug}: a service and the packages it sells. */
export default function ServiceDetailPage({
  slug: fixedSlug,
  children,
}: {
  /** A dedicated page's service; otherwise the address names it. */
  slug?: string;
  /** More about the service, shown after its packages. */
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const slug = fixedSlug ?? params.slug ?? '';
  const services = useServices(i18n.language);
  const packages = usePackages(slug);
  const service = services.data?.find((s) => s.slug === slug);

  if (services.isPending)
    return (
      <p role="status" className="p-10">
        {t('common.loading')}
      </p>
    );
  if (!service) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">{t('notFound.title')}</h1>
        <p className="mt-3 text-muted-foreground">{t('serviceDetail.notFound')}</p>
      </section>
    );
  }
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <BackLink to="/dashboard">{t('voip.back')}</BackLink>
      <header>
        <h1 className="text-3xl font-bold">{service.name}</h1>
        <p className="mt-2 text-muted-foreground">{service.description}</p>
      </header>
      <PageSection id="packages-title" title={t('serviceDetail.packages')}>
        {packages.isPending && <p role="status">{t('common.loading')}</p>}
        {packages.data?.length === 0 && (
          <p className="text-muted-foreground">{t('serviceDetail.noPackages')}</p>
        )}
        <PackageGrid packages={packages.data ?? []} />
      </PageSection>
      {children}
    </div>
  );
}
