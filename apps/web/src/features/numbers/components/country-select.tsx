import { DID_COUNTRIES } from '@parley/shared/domain';
import { useTranslation } from 'react-i18next';
import { Label, Select } from '@/components/ui/input';
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
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{t('numbers.country')}</Label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('numbers.allCountries')}</option>
        {DID_COUNTRIES.map((code) => (
          <option key={code} value={code}>
            {countryName(code, i18n.language)}
          </option>
        ))}
      </Select>
    </div>
  );
}
