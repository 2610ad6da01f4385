import type { DidNumber } from '@parley/shared';
import { compareDecimal } from '@parley/shared/domain';
import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActionName } from '@/components/action-name';
import { CountryFlag } from '@/components/flags/country-flag';
import { GbpAmount } from '@/components/gbp-amount';
import { buttonVariants } from '@/components/ui/button';
import { countryName } from '@/lib/country-name';
import { formatMoney } from '@/lib/money';

/**
 * The payment link for a number: /payment for service did, with its type, number, price
 * and place (its city, else its country in the reader's language).
 */
export function purchaseHref(n: DidNumber, language: string): string {
  const params = new URLSearchParams({
    service: 'did',
    type: n.type,
    number: n.number,
    price: n.monthlyPrice,
    location: n.city ?? countryName(n.countryCode, language),
    item: n.id,
  });
  return `/payment?${params}`;
}

/** Numbers grouped by country (sorted by name), each with its price and a Purchase button. */
export function NumberList({ numbers }: { numbers: DidNumber[] }) {
  const { t, i18n } = useTranslation();
  if (numbers.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-lg border border-dashed p-10 text-center">
        <SearchX aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="mt-3 font-medium">{t('numbers.empty')}</p>
        <p className="text-sm text-muted-foreground">{t('numbers.emptyHint')}</p>
      </div>
    );
  }
  const byCountry = new Map<string, DidNumber[]>();
  for (const n of numbers)
    byCountry.set(n.countryCode, [...(byCountry.get(n.countryCode) ?? []), n]);
  // Countries by their name in the reader's language, as the country filter lists them.
  const name = (code: string) => countryName(code, i18n.language);
  const countries = [...byCountry].sort(([a], [b]) =>
    name(a).localeCompare(name(b), i18n.language),
  );
  return (
    <div className="space-y-8">
      {countries.map(([code, list]) => (
        <section key={code} aria-label={countryName(code, i18n.language)}>
          <h2 className="mb-3 flex items-center gap-2 text-lg font-semibold">
            <CountryFlag code={code} />
            {countryName(code, i18n.language)}
          </h2>
          <ul className="grid gap-3 md:grid-cols-2">
            {list.map((n) => (
              <li
                key={n.id}
                className="flex items-center justify-between gap-4 rounded-lg border p-4"
              >
                <div>
                  <p className="font-mono font-semibold" dir="ltr">
                    {n.number}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {[n.city, t(`numbers.types.${n.type}`)].filter(Boolean).join(' · ')}
                  </p>
                  <p className="text-sm">
                    {t('numbers.monthly', {
                      price: formatMoney(n.monthlyPrice, n.currency, i18n.language),
                    })}{' '}
                    <GbpAmount amount={n.balanceMonthlyPrice} currency={n.currency} />
                  </p>
                  {compareDecimal(n.setupPrice, '0') > 0 && (
                    <p className="text-sm text-muted-foreground">
                      {t('numbers.setup', {
                        price: formatMoney(n.setupPrice, n.currency, i18n.language),
                      })}{' '}
                      <GbpAmount amount={n.balanceSetupPrice} currency={n.currency} />
                    </p>
                  )}
                </div>
                <Link
                  to={purchaseHref(n, i18n.language)}
                  className={buttonVariants({ size: 'sm' })}
                >
                  <ActionName text={t('numbers.purchase')} about={n.number} />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
