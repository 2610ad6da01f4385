import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button';
import { useCoverage } from '@/lib/coverage';

/** The hero; `aside` (the sign-in card) sits beside it, composed by the page. */
export function Hero({ aside }: { aside: ReactNode }) {
  const { t } = useTranslation();
  const coverage = useCoverage();
  // The uptime is a promise; the country counts are the catalogue's own.
  const stats = [
    { key: 'uptime', value: t('landing.hero.stats.uptime.value') },
    { key: 'countries', value: coverage.countries },
    { key: 'didCountries', value: coverage.numberCountries },
  ] as const;
  return (
    <section className="bg-gradient-to-b from-green-50 to-background">
      {/* One column of minmax(0, 1fr) on a phone: a long word cannot widen the page. */}
      <div className="mx-auto grid max-w-7xl grid-cols-1 items-start gap-10 px-4 py-16 lg:grid-cols-2 lg:py-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-green-100 px-3 py-1 text-sm font-medium text-green-900">
            <ShieldCheck aria-hidden="true" className="size-4" />
            {t('landing.hero.badge')}
          </p>
          {/* Sized to its column, so that a long compound (German's
              "Geschäftskommunikation") fits a line beside the sign-in card even in a wide
              font; where a word still cannot fit, it hyphenates or breaks (index.css). */}
          <h1 className="mt-6 text-4xl font-bold tracking-tight sm:text-[clamp(2.25rem,6vw,3rem)] lg:text-[clamp(2rem,3.2vw,2.625rem)]">
            {t('landing.hero.title')}
          </h1>
          <p className="mt-6 text-lg text-muted-foreground">{t('landing.hero.subtitle')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href="/?auth=signup#auth" className={buttonVariants({ size: 'lg' })}>
              {t('landing.hero.getStarted')}
            </a>
            <a href="/#services" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
              {t('landing.hero.explore')}
            </a>
          </div>
          <dl className="mt-10 grid grid-cols-3 gap-4">
            {stats.map(({ key, value }) => (
              <div key={key}>
                <dt className="text-sm text-muted-foreground">
                  {t(`landing.hero.stats.${key}.label`)}
                </dt>
                <dd className="text-2xl font-bold">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
        {aside}
      </div>
    </section>
  );
}
