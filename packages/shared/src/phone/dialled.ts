import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { withPlus } from './e164.js';

export type Dialled =
  | { ok: true; e164: string }
  | { ok: false; reason: 'no-country' | 'incomplete' };

/**
 * A number as a phone dials it, in E.164. `+…` is international; so are digits that do
 * not start with 0 (as trunks write them) when they make a valid number, else they are
 * read as a national number of `country`. A leading 0 is a national number (`07400…`)
 * or the country's international prefix (`0044…` in the UK, `011…` in the US), which
 * only the caller's country tells apart: without one it cannot be read, and a number
 * too short to be one is incomplete.
 */
export function dialledNumber(dialled: string, country: string | null): Dialled {
  const digits = dialled.trim().replace(/[\s()-]/g, '');
  if (digits.startsWith('+')) return { ok: true, e164: digits };
  const national = () =>
    country ? parsePhoneNumberFromString(digits, country.toUpperCase() as CountryCode) : undefined;
  if (!digits.startsWith('0')) {
    const international = withPlus(digits);
    if (parsePhoneNumberFromString(international)?.isValid())
      return { ok: true, e164: international };
    const read = national();
    return { ok: true, e164: read?.isValid() ? read.number : international };
  }
  if (!country) return { ok: false, reason: 'no-country' };
  const read = national();
  if (!read?.isPossible()) return { ok: false, reason: 'incomplete' };
  return { ok: true, e164: read.number };
}

/**
 * One spelling per number: a valid international number in libphonenumber's E.164
 * (`+44 (0)7400 …`, written `+4407400…`, is `+447400…`), anything else as given.
 */
export function canonicalNumber(value: string): string {
  const parsed = parsePhoneNumberFromString(value.trim());
  return parsed?.isValid() ? parsed.number : value;
}
