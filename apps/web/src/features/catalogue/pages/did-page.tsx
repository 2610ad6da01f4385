import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackLink } from '@/components/back-link';
import { FormField } from '@/components/form-field';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useCoverage } from '@/lib/coverage';
import { useNumbers } from '../api/search-numbers';
import { CountrySelect } from '../components/country-select';
import { NumberList } from '../components/number-list';

/** DID/TFN numbers: pick a country and an area code, then Search. */
export default function DidPage() {
  const { t } = useTranslation();
  const coverage = useCoverage();
  const [country, setCountry] = useState('');
  const [areaCode, setAreaCode] = useState('');
  const [search, setSearch] = useState({ country: '', areaCode: '' });
  const { data, isPending, error } = useNumbers({
    country: search.country,
    areaCode: search.areaCode,
    pageSize: 100,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSearch({ country, areaCode: areaCode.replace(/[^\d]/g, '') });
  };

  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10">
      <BackLink to="/dashboard">{t('voip.back')}</BackLink>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{t('numbers.didTitle')}</h1>
          <p className="mt-2 text-muted-foreground">{t('numbers.didSubtitle')}</p>
          {coverage.loaded && (
            <p className="mt-1 text-sm text-muted-foreground">
              {t('catalogueCoverage.numberCountries', { n: coverage.numberCountries })}
            </p>
          )}
        </div>
        <Link to="/did-numbers" className={buttonVariants({ variant: 'outline' })}>
          {t('numbers.browseAll')}
        </Link>
      </header>
      <form
        onSubmit={submit}
        className="grid gap-4 rounded-lg border p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        <CountrySelect id="did-country" value={country} onChange={setCountry} />
        <FormField id="did-area" label={t('numbers.areaCode')}>
          <Input
            inputMode="numeric"
            value={areaCode}
            onChange={(e) => setAreaCode(e.target.value)}
            placeholder="212"
          />
        </FormField>
        <Button type="submit">
          <Search aria-hidden="true" />
          {t('numbers.search')}
        </Button>
      </form>
      {isPending && <p role="status">{t('common.loading')}</p>}
      {error && (
        <p role="alert" className="text-destructive">
          {t('numbers.loadFailed')}
        </p>
      )}
      {data && <NumberList numbers={data.items} />}
    </div>
  );
}
