import { ApiError } from '@/lib/api-client';
import { regionName } from '@/lib/country-name';

export { countryName, regionName } from '@/lib/country-name';

/**
 * The name of the country an unsupported recipient is in: from the number (read here, as
 * the server does), else from the refusal's `country` param; null when neither gives a
 * country the browser can name, so the generic message is shown.
 */
export function unsupportedCountryName(
  numberCountry: string | null | undefined,
  error: unknown,
  language: string,
): string | null {
  const fromError = error instanceof ApiError ? String(error.params.country ?? '') : null;
  for (const code of [numberCountry, fromError]) {
    const name = code ? regionName(code, language) : null;
    if (name) return name;
  }
  return null;
}
