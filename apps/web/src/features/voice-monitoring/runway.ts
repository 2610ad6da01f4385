import { compareDecimal, divide } from '@parley/shared/domain';

/** Below this many hours a runway is told in hours; from it on, in whole days. */
const DAYS_FROM_HOURS = '48';

/**
 * How long a balance lasts, in the reader's language: "16.6 hours" under two days,
 * "14,944 days" from then on (whole days, rounded down), never hundreds of thousands of
 * hours. `hours` is the server's decimal string, formatted as it is (no float).
 */
export function formatRunway(hours: string, language: string): string {
  if (compareDecimal(hours, DAYS_FROM_HOURS) < 0)
    return new Intl.NumberFormat(language, {
      style: 'unit',
      unit: 'hour',
      unitDisplay: 'long',
      maximumFractionDigits: 1,
    }).format(hours as Intl.StringNumericLiteral); // read as the exact decimal
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'day',
    unitDisplay: 'long',
    maximumFractionDigits: 0,
  }).format(divide(hours, '24', 0, 'down') as Intl.StringNumericLiteral);
}
