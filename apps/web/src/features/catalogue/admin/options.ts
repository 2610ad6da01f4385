import { CATALOGUE_CURRENCIES } from '@parley/shared/domain';

export { BILLING_PERIODS } from '@parley/shared/domain';

/** Currency codes read the same in every language. */
export const CURRENCIES = CATALOGUE_CURRENCIES.map((c) => ({ value: c, label: c }));

export const TWO_LETTERS = /^[A-Za-z]{2}$/;
