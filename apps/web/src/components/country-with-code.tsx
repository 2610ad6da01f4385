import { CountryFlag } from './flags/country-flag';

/**
 * A country's flag, name and its code (ISO "DE" or dial "+49") side by side, visibly
 * apart: "Germany (+49)". The code is isolated left to right, so in Arabic the name and
 * the code do not run together and the plus sign stays in front of the digits. `flag` is
 * the ISO code whose flag leads, when there is one.
 */
export function CountryWithCode({
  name,
  code,
  flag,
}: {
  name: string;
  code: string | null;
  flag?: string | null;
}) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5">
      <CountryFlag code={flag} />
      {name}
      {code && ' '}
      {code && (
        <span className="text-xs text-muted-foreground">
          (<bdi dir="ltr">{code}</bdi>)
        </span>
      )}
    </span>
  );
}
