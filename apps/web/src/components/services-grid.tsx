import {
  BarChart3,
  Building2,
  Database,
  Globe,
  Hash,
  Headphones,
  type LucideIcon,
  Mail,
  MessageSquare,
  PackageOpen,
  Phone,
  PhoneCall,
  Route,
  Server,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOGIN_URL } from '@/lib/routes';
import { useServices } from '@/lib/services-query';

/** Icons a service may name; an unknown name gets the globe. */
export const SERVICE_ICONS: Record<string, LucideIcon> = {
  'message-square': MessageSquare,
  phone: Phone,
  'phone-call': PhoneCall,
  server: Server,
  hash: Hash,
  mail: Mail,
  database: Database,
  'building-2': Building2,
  headphones: Headphones,
  'bar-chart-3': BarChart3,
  route: Route,
  globe: Globe,
};

/** The services grid from GET /api/services; visitors' Learn More leads to sign-in first. */
export function ServicesGrid({ signedIn }: { signedIn: boolean }) {
  const { t, i18n } = useTranslation();
  const { data, isPending, error } = useServices(i18n.language);
  if (isPending) {
    return (
      <p role="status" className="text-muted-foreground">
        {t('common.loading')}
      </p>
    );
  }
  if (error) {
    return (
      <p role="alert" className="text-destructive">
        {t('services.loadFailed')}
      </p>
    );
  }
  if (data.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-lg border border-dashed p-12 text-center">
        <PackageOpen aria-hidden="true" className="size-10 text-muted-foreground" />
        <p className="mt-4 font-medium">{t('landing.services.emptyTitle')}</p>
        <p className="mt-1 max-w-md text-sm text-muted-foreground">
          {t('landing.services.emptyText')}
        </p>
      </div>
    );
  }
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {data.map((service) => {
        const Icon = SERVICE_ICONS[service.icon] ?? Globe;
        const href = `/services/${service.slug}`;
        return (
          <li key={service.id} className="flex flex-col rounded-lg border p-6 shadow-sm">
            <Icon aria-hidden="true" className="size-8 text-primary" />
            <h3 className="mt-4 text-lg font-semibold">{service.name}</h3>
            <p className="mt-2 flex-1 text-sm text-muted-foreground">{service.description}</p>
            {signedIn ? (
              <Link
                to={href}
                className="mt-4 font-medium text-primary underline-offset-4 hover:underline"
              >
                {t('services.learnMore')}
                <span className="sr-only"> {service.name}</span>
              </Link>
            ) : (
              <a
                href={LOGIN_URL}
                className="mt-4 font-medium text-primary underline-offset-4 hover:underline"
              >
                {t('services.learnMore')}
                <span className="sr-only"> {service.name}</span>
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
