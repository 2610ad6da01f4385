import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The customer dashboard's column and heading. The shell shows it, with a spinner below,
 * while the dashboard's code loads (the signed-in user is in the page), and the
 * dashboard then fills in below the same heading: the page's largest text is on screen
 * from the first render and nothing moves when the rest arrives.
 */
export function DashboardFrame({
  firstName,
  children,
}: {
  firstName: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold">
          {t('dashboard.welcome', { name: firstName || t('home.fallbackName') })}
        </h1>
        <p className="mt-2 text-muted-foreground">{t('dashboard.subtitle')}</p>
      </header>
      {children}
    </div>
  );
}
