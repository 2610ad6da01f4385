import { DID_COUNTRIES } from '@parley/shared/domain';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Select } from '@/components/ui/input';
import { countryName } from '@/lib/country-name';

/** The DID countries plus "All countries", named and sorted in the page language. */
export function CountrySelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (code: string) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <FormField id={id} label={t('numbers.country')}>
      <Select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('numbers.allCountries')}</option>
        {DID_COUNTRIES.map((code) => ({ code, name: countryName(code, i18n.language) }))
          .sort((a, b) => a.name.localeCompare(b.name, i18n.language))
          .map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
      </Select>
    </FormField>
  );
}
