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
