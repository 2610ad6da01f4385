/**
 * The limits a customer sets on their own spending (decision 0027): which countries SMS
 * and calls may reach, the most one SMS or one minute may cost, a daily cap, and the
 * balance under which they are warned. Plain rules shared by the contract, the server's
 * charge paths and the browser's form.
 */
import type { FieldProblem } from './field-codes.js';
import { add, compareDecimal, subtract } from './money.js';

/**
 * ISO 3166-1 alpha-2 codes, and the three phone numbering uses besides (AC Ascension,
 * TA Tristan da Cunha, XK Kosovo), so every country a number can be in may be chosen.
 */
export const ISO_COUNTRIES: readonly string[] = /* @__PURE__ */ (
  'AC AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO ' +
  'BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK ' +
  'DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR ' +
  'GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM ' +
  'KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP ' +
  'MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL ' +
  'PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST ' +
  'SV SX SY SZ TA TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE ' +
  'VG VI VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');

/** A country list holds at most every country once. */
export const MAX_GUARDRAIL_COUNTRIES = ISO_COUNTRIES.length;

const COUNTRY_SET: ReadonlySet<string> = /* @__PURE__ */ new Set(ISO_COUNTRIES);
export const isIsoCountry = (code: string) => COUNTRY_SET.has(code);

/** The largest limit accepted, in GBP. */
export const GUARDRAIL_AMOUNT_MAX = '1000000';
// Up to 40 digits: a number too large is told so, not called malformed (a longer one
// is not a limit anyone means).
const AMOUNT = /^\d{1,40}(\.\d{1,4})?$/;

/** A limit in GBP: zero or more, at most four decimals (an SMS can cost a fraction of a penny). */
export function guardrailAmountProblem(raw: string): FieldProblem | null {
  const value = raw.trim();
  if (!value) return { code: 'REQUIRED' };
  if (!AMOUNT.test(value)) return { code: 'LIMIT_AMOUNT_INVALID' };
  if (compareDecimal(value, GUARDRAIL_AMOUNT_MAX) > 0)
    return { code: 'AMOUNT_TOO_LARGE', params: { max: GUARDRAIL_AMOUNT_MAX } };
  return null;
}

/** A country code in a list: upper-case ISO 3166-1 alpha-2. */
export const guardrailCountryProblem = (code: string): FieldProblem | null =>
  isIsoCountry(code) ? null : { code: 'COUNTRY_UNKNOWN', params: { country: code } };

/** What the charge paths check; null anywhere means no limit. */
export interface SpendingLimits {
  dailySpendCap: string | null;
  smsCountries: readonly string[] | null;
  voiceCountries: readonly string[] | null;
  maxSmsPrice: string | null;
  maxMinutePrice: string | null;
}

export const GUARDRAIL_CODES = [
  'GUARDRAIL_COUNTRY',
  'GUARDRAIL_PRICE',
  'GUARDRAIL_DAILY_CAP',
] as const;
export type GuardrailCode = (typeof GUARDRAIL_CODES)[number];

/**
 * Why a send or a call is refused, with what the message names: `{ service, country }`,
 * `{ service, country, price, limit }` or `{ cap, spent, remaining }` (GBP amounts).
 */
export interface GuardrailRefusal {
  code: GuardrailCode;
  params: Record<string, string>;
}

export type GuardrailService = 'sms' | 'voice';

/**
 * Whether the destination may be reached at this price: `price` is one SMS (one segment)
 * or one minute, in GBP.
 */
export function destinationRefusal(
  limits: SpendingLimits | null,
  service: GuardrailService,
  country: string,
  price: string,
): GuardrailRefusal | null {
  if (!limits) return null;
  const countries = service === 'sms' ? limits.smsCountries : limits.voiceCountries;
  if (countries && !countries.includes(country))
    return { code: 'GUARDRAIL_COUNTRY', params: { service, country } };
  const max = service === 'sms' ? limits.maxSmsPrice : limits.maxMinutePrice;
  if (max !== null && compareDecimal(price, max) > 0)
    return { code: 'GUARDRAIL_PRICE', params: { service, country, price, limit: max } };
  return null;
}

/**
 * What counts against the cap today: the day's net debits (a refund gives back what it
 * refunds, never below nothing) and what calls in progress hold.
 */
export function spentToday(netDebits: string, held: string): string {
  return add(compareDecimal(netDebits, '0') > 0 ? netDebits : '0', held, 4);
}

/** What the cap leaves today (never below zero), or null without a cap. */
export function capLeft(limits: SpendingLimits | null, spent: string): string | null {
  if (!limits || limits.dailySpendCap === null) return null;
  const left = subtract(limits.dailySpendCap, spent, 4);
  return compareDecimal(left, '0') > 0 ? left : '0.0000';
}

/** Whether spending `amount` more today stays within the cap. */
export function capRefusal(
  limits: SpendingLimits | null,
  spent: string,
  amount: string,
): GuardrailRefusal | null {
  const left = capLeft(limits, spent);
  if (left === null || compareDecimal(amount, left) <= 0) return null;
  return {
    code: 'GUARDRAIL_DAILY_CAP',
    params: { cap: limits?.dailySpendCap ?? '0', spent, remaining: left },
  };
}

/** The start of the UTC day `at` is in: the cap's day. */
export function utcDayStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/**
 * What the low-balance alert does now: `notify` when the balance is under the alert and
 * the customer was not told yet, `clear` when it is not under it (or there is no alert)
 * and they were, so the next crossing is told again.
 */
export function lowBalanceStep(
  alert: string | null,
  balance: string,
  notified: boolean,
): 'notify' | 'clear' | null {
  const below = alert !== null && compareDecimal(balance, alert) < 0;
  if (below && !notified) return 'notify';
  if (!below && notified) return 'clear';
  return null;
}
