/**
 * A country's name and its code (ISO "DE" or dial "+49") side by side, visibly apart:
 * "Germany (+49)". The code is isolated left to right, so in Arabic the name and the
 * code do not run together and the plus sign stays in front of the digits.
 */
export function CountryWithCode({ name, code }: { name: string; code: string | null }) {
  return (
    <>
      {name}
      {code && (
        <>
          {' '}
          <span className="text-xs text-muted-foreground">
            (<bdi dir="ltr">{code}</bdi>)
          </span>
        </>
      )}
    </>
  );
}
