import { FlagImage } from './flag-image';

// Every country's flag as a file URL (never inlined into the script). Only lazy pages
// import this module: the list of URLs is a few KB.
const FLAG_URLS = import.meta.glob<string>('/../../node_modules/flag-icons/flags/4x3/*.svg', {
  eager: true,
  query: '?url&no-inline',
  import: 'default',
});

const byCode = new Map(
  Object.entries(FLAG_URLS).map(([file, url]) => [file.slice(-6, -4).toUpperCase(), url]),
);

/** The flag of an ISO 3166-1 alpha-2 country, or nothing for an unknown code. */
export function countryFlagUrl(code: string | null | undefined): string | undefined {
  return code ? byCode.get(code.toUpperCase()) : undefined;
}

export function CountryFlag({
  code,
  className,
}: {
  code: string | null | undefined;
  className?: string;
}) {
  return <FlagImage src={countryFlagUrl(code)} className={className} />;
}
