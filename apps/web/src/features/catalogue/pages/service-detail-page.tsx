import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { buttonVariants } from '@/components/ui/button';
import { useServices } from '@/lib/services-query';
import { usePackages } from '../api/catalogue';
import { PackageCard } from '../components/package-card';

/** /services/{slug}: a service and the packages it sells. */
export default function ServiceDetailPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const services = useServices();
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
      <section aria-labelledby="packages-title" className="space-y-4">
        <h2 id="packages-title" className="text-2xl font-semibold">
          {t('serviceDetail.packages')}
        </h2>
        {packages.isPending && <p role="status">{t('common.loading')}</p>}
        {packages.data?.length === 0 && (
          <p className="text-muted-foreground">{t('serviceDetail.noPackages')}</p>
        )}
        <ul className="grid gap-6 md:grid-cols-3">
          {packages.data?.map((pkg) => {
            const pay = new URLSearchParams({ service: slug, type: pkg.name, price: pkg.price });
            return (
              <li key={pkg.id}>
                <PackageCard
                  pkg={pkg}
                  action={
                    <Link
                      to={`/payment?${pay}`}
                      className={`${buttonVariants()} w-full`}
                      aria-label={t('voip.purchaseLabel', { plan: pkg.name })}
                    >
                      {t('voip.purchase')}
                    </Link>
                  }
                />
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
