import { ISO_COUNTRIES } from '@parley/shared/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountryFlag } from '@/components/flags/country-flag';
import { Checkbox, Input } from '@/components/ui/input';
import { regionName } from '@/lib/country-name';

/** A country list as the form keeps it: every country, or the ones chosen. */
export interface CountryChoice {
  all: boolean;
  list: string[];
}

/** Text compared without case or accents, so "reunion" finds "Réunion". */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/**
 * "All countries" or a chosen list: a search box and a checkbox per country (its flag,
 * its name in the page's language and its ISO code), the chosen ones counted above.
 */
export function CountryListField({
  id,
  legend,
  value,
  onChange,
  error,
}: {
  id: string;
  legend: string;
  value: CountryChoice;
  onChange: (value: CountryChoice) => void;
  /** Already translated; nothing shows when empty. */
  error?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const countries = useMemo(() => {
    const collator = new Intl.Collator(i18n.language);
    return ISO_COUNTRIES.flatMap((code) => {
      const name = regionName(code, i18n.language);
      return name ? [{ code, name, key: folded(`${name} ${code}`) }] : [];
    }).sort((a, b) => collator.compare(a.name, b.name));
  }, [i18n.language]);
  const wanted = folded(search.trim());
  const shown = wanted ? countries.filter((c) => c.key.includes(wanted)) : countries;
  const chosen = new Set(value.list);
  const toggle = (code: string, on: boolean) =>
    onChange({
      all: false,
      list: on ? [...value.list, code] : value.list.filter((c) => c !== code),
    });
  const errorId = `${id}-error`;

  return (
    <fieldset
      className="flex flex-col gap-3"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={`${id}-mode`}
            checked={value.all}
            onChange={() => onChange({ ...value, all: true })}
            className="accent-primary"
          />
          {t('limits.countries.all')}
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={`${id}-mode`}
            checked={!value.all}
            onChange={() => onChange({ ...value, all: false })}
            className="accent-primary"
          />
          {t('limits.countries.chosen')}
        </label>
      </div>
      {!value.all && (
        <div className="flex flex-col gap-2">
          <Input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            aria-label={`${t('limits.countries.search')} (${legend})`}
            placeholder={t('limits.countries.search')}
          />
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {t('limits.countries.count', { count: value.list.length })}
          </p>
          <ul
            aria-label={legend}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (axe).
            tabIndex={0}
            className="max-h-56 overflow-auto rounded-md border p-2 focus-visible:outline-2 focus-visible:outline-ring"
          >
            {shown.map((c) => (
              <li key={c.code}>
                <label
                  htmlFor={`${id}-${c.code}`}
                  className="flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-muted"
                >
                  <Checkbox
                    id={`${id}-${c.code}`}
                    checked={chosen.has(c.code)}
                    onChange={(e) => toggle(c.code, e.target.checked)}
                  />
                  <CountryFlag code={c.code} />
                  <span className="min-w-0 flex-1 truncate">{c.name}</span>
                  <bdi dir="ltr" className="text-xs text-muted-foreground">
                    {c.code}
                  </bdi>
                </label>
              </li>
            ))}
            {shown.length === 0 && (
              <li className="px-1 py-1 text-sm text-muted-foreground">
                {t('limits.countries.none')}
              </li>
            )}
          </ul>
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
