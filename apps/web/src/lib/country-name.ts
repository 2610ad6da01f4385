/**
 * A country's name in the language, or null when the browser has no name for the code
 * (ZZ, "unknown region", is no name either).
 */
export function regionName(code: string, language: string): string | null {
  try {
    if (code.toUpperCase() === 'ZZ') return null;
    const name = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(code);
    return name && name !== code ? name : null;
  } catch {
    return null;
  }
}

/** A country's name in the page's language, or its code when the browser has no name. */
export const countryName = (code: string, language: string) => regionName(code, language) ?? code;

/**
 * A stored country (a price row) named in the page's language by its ISO code; the
 * stored (English) name when the code is missing or the browser does not know it.
 */
export function countryLabel(
  country: { countryCode: string | null; countryName: string },
  language: string,
): string {
  return (country.countryCode && regionName(country.countryCode, language)) || country.countryName;
}
