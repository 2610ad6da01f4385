import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';

export function AccessDenied() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <ShieldAlert aria-hidden="true" className="size-12 text-destructive" />
      <h1 className="mt-4 text-3xl font-bold">{t('admin.accessDenied.title')}</h1>
      <p className="mt-3 text-muted-foreground">{t('admin.accessDenied.text')}</p>
      <Link to="/dashboard" className={`${buttonVariants()} mt-8`}>
        {t('nav.dashboard')}
      </Link>
    </section>
  );
}
