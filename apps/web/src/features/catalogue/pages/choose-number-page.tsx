import { NUMBER_TYPES } from '@parley/shared/domain';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink } from '@/components/back-link';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/input';
import { NUMBER_SHOP_PAGE_SIZE, useNumbers } from '../api/search-numbers';
import { CountrySelect } from '../components/country-select';
import { NumberList } from '../components/number-list';

const PAGE_SIZE = NUMBER_SHOP_PAGE_SIZE;

/** Choose a number: search, country and type filters, grouped by country. */
export default function ChooseNumberPage() {
  const { t, i18n } = useTranslation();
  const figure = new Intl.NumberFormat(i18n.language);
  const [q, setQ] = useState('');
  const [country, setCountry] = useState('');
  const [type, setType] = useState('');
  const [page, setPage] = useState(1);
  const search = useDeferredValue(q.trim());
  const { data, isPending, error } = useNumbers({
    q: search,
    country,
    type,
    page,
    pageSize: PAGE_SIZE,
  });
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10">
      <BackLink to="/services/did">{t('numbers.backToDid')}</BackLink>
      <h1 className="text-3xl font-bold">{t('numbers.chooseTitle')}</h1>
      <div className="grid gap-4 rounded-lg border p-4 sm:grid-cols-3">
        <FormField id="num-q" label={t('numbers.search')}>
          <Input
            type="search"
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              setPage(1);
            }}
            placeholder={t('numbers.searchHint')}
          />
        </FormField>
        <CountrySelect
          id="num-country"
          value={country}
          onChange={(code) => {
            setCountry(code);
            setPage(1);
          }}
        />
        <FormField id="num-type" label={t('numbers.type')}>
          <Select
            value={type}
            onChange={(e) => {
              setType(e.target.value);
              setPage(1);
            }}
          >
            <option value="">{t('numbers.allTypes')}</option>
            {NUMBER_TYPES.map((ty) => (
              <option key={ty} value={ty}>
                {t(`numbers.types.${ty}`)}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      {isPending && <p role="status">{t('common.loading')}</p>}
      {error && (
        <p role="alert" className="text-destructive">
          {t('numbers.loadFailed')}
        </p>
      )}
      {data && (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('numbers.found', { total: figure.format(data.total) })}
          </p>
          <NumberList numbers={data.items} />
          {pages > 1 && (
            <nav aria-label={t('numbers.pages')} className="flex items-center gap-3">
              <Button
                variant="outline"
                size="sm"
                disabled={page <= 1}
                onClick={() => setPage((p) => p - 1)}
              >
                {t('numbers.previous')}
              </Button>
              <span className="text-sm">
                {t('numbers.pageOf', { page: figure.format(page), pages: figure.format(pages) })}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= pages}
                onClick={() => setPage((p) => p + 1)}
              >
                {t('numbers.next')}
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
