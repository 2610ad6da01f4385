import { ApiError } from '@/lib/api-client';

/** A country's name in the language, or null when the browser has no name for the code. */
export function regionName(code: string, language: string): string | null {
  try {
    const name = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(code);
    return name && name !== code ? name : null;
  } catch {
    return null;
  }
}

/** A country's name in the page's language, or its code when the browser has no name. */
export const countryName = (code: string, language: string) => regionName(code, language) ?? code;

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
