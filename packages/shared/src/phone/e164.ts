/**
 * A number in international form: its leading + added when it lacks one (`447400…` and
 * `+447400…` are the same number). Nothing else is checked or changed; validation is
 * destinationFor's and dialledNumber's.
 */
export const withPlus = (number: string): string =>
  number.startsWith('+') ? number : `+${number}`;
