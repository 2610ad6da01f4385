import { type CountryCode, getCountries, getCountryCallingCode } from 'libphonenumber-js/max';

const isCountry = (code: string): code is CountryCode =>
  (getCountries() as string[]).includes(code);

/**
 * A regular expression (POSIX, for the database) matching E.164 numbers whose national
 * part starts with `areaCode`: the dialling code of `country`, or of any country, then
 * the digits. Calling codes are prefix-free, so exactly one code can match a number.
 */
export function areaCodePattern(areaCode: string, country?: string): string {
  if (!/^\d+$/.test(areaCode)) throw new Error('areaCode must be digits');
  const codes =
    country && isCountry(country)
      ? [getCountryCallingCode(country)]
      : [...new Set(getCountries().map((c) => getCountryCallingCode(c)))];
  return `^\\+(${codes.join('|')})${areaCode}`;
}
