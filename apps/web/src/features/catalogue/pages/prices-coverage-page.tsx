import type { CountryPricing } from '@parley/shared';
import { REGIONS } from '@parley/shared/domain';
import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountryWithCode } from '@/components/country-with-code';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { regionLabel } from '@/features/catalogue/regions';
import { countryLabel } from '@/lib/country-name';
import { formatMoney } from '@/lib/money';
import { useCountryPricing } from '../api/catalogue';

const TABS = [
  { key: 'sms', field: 'smsPrice', decimals: 4 },
  { key: 'voip', field: 'voipPrice', decimals: 4 },
  { key: 'did', field: 'didPrice', decimals: 2 },
  { key: 'sipTrunk', field: 'sipTrunkPrice', decimals: 2 },
] as const;

/** A search finds a country by its name as shown, its stored (English) name or its code. */
function matches(row: CountryPricing, name: string, q: string): boolean {
  const needle = q.trim().toLocaleLowerCase();
  return (
    !needle ||
    name.toLocaleLowerCase().includes(needle) ||
    row.countryName.toLowerCase().includes(needle) ||
    row.countryCode?.toLowerCase() === needle
  );
}

/** Prices and coverage: every active country, grouped by region, per service. */
export default function PricesCoveragePage() {
  const { t, i18n } = useTranslation();
  const { data, isPending, error } = useCountryPricing();
  const [query, setQuery] = useState('');
  // Each country in the page's language, by its code (the stored name when it has none).
  const named = useMemo(
    () => (data ?? []).map((row) => ({ ...row, name: countryLabel(row, i18n.language) })),
    [data, i18n.language],
  );
  const visible = useMemo(
    () =>
      named
        .filter((row) => matches(row, row.name, query))
        .sort((a, b) => a.name.localeCompare(b.name, i18n.language)),
    [named, query, i18n.language],
  );

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">{t('prices.title')}</h1>
      <p className="text-muted-foreground">{t('prices.subtitle')}</p>
      <div className="relative max-w-md">
        <Search
          aria-hidden="true"
          className="absolute start-3 top-3 size-4 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label={t('prices.search')}
          placeholder={t('prices.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="ps-9"
        />
      </div>
      {isPending && <p role="status">{t('prices.loading')}</p>}
      {error && (
        <div
          role="alert"
          className="rounded-md border border-destructive/30 bg-red-50 p-4 text-destructive"
        >
          <p className="font-medium">{t('prices.loadFailed')}</p>
          <p className="text-sm">{t('prices.tryLater')}</p>
        </div>
      )}
      {data && (
        <Tabs defaultValue="sms">
          <TabsList className="max-w-xl">
            {TABS.map((tab) => (
              <TabsTrigger key={tab.key} value={tab.key}>
                {t(`prices.tabs.${tab.key}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map((tab) => (
            <TabsContent key={tab.key} value={tab.key} className="space-y-8">
              {visible.length === 0 && (
                <p className="text-muted-foreground">{t('prices.noMatch')}</p>
              )}
              {REGIONS.map((region) => {
                const rows = visible.filter((r) => r.region === region);
                if (rows.length === 0) return null;
                return (
                  <section key={region} aria-label={regionLabel(t, region)}>
                    <h2 className="mb-2 text-lg font-semibold">{regionLabel(t, region)}</h2>
                    <table className="w-full text-sm">
                      <thead>
                        <tr className="border-b text-muted-foreground">
                          <th scope="col" className="py-2 text-start font-medium">
                            {t('prices.country')}
                          </th>
                          <th scope="col" className="py-2 text-end font-medium">
                            {t(`prices.unit.${tab.key}`)}
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {rows.map((row) => (
                          <tr key={row.id} className="border-b last:border-0">
                            <td className="py-2">
                              <CountryWithCode
                                name={row.name}
                                code={row.countryCode}
                                flag={row.countryCode}
                              />
                            </td>
                            <td className="py-2 text-end font-mono">
                              {formatMoney(
                                row[tab.field],
                                row.currency,
                                i18n.language,
                                tab.decimals,
                              )}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </section>
                );
              })}
            </TabsContent>
          ))}
        </Tabs>
      )}
    </div>
  );
}
