import { DID_COUNTRIES } from '@parley/shared/domain';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Select } from '@/components/ui/input';
import { countryName } from './number-list';

/** The DID countries plus "All countries", named in the page language. */
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
        {DID_COUNTRIES.map((code) => (
          <option key={code} value={code}>
            {countryName(code, i18n.language)}
          </option>
        ))}
      </Select>
    </FormField>
  );
}
