import { Presentation } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The frame of every call-centre screen: its title, and the banner saying it is a
 * demonstration with sample data (nothing is fetched, saved or dialled).
 */
export function DemoPage({
  title,
  text,
  children,
}: {
  title: string;
  text: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-10">
      <header className="space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold">{title}</h1>
          <span
            data-testid="demo-marker"
            className="inline-flex items-center gap-1 rounded-full border border-amber-300 bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900"
          >
            <Presentation aria-hidden="true" className="size-4" />
            {t('callCentre.demo.badge')}
          </span>
        </div>
        <p className="text-muted-foreground">{text}</p>
        <p
          data-testid="demo-banner"
          className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
        >
          {t('callCentre.demo.text')}
        </p>
      </header>
      {children}
    </div>
  );
}
