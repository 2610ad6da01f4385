import type { Guardrails, GuardrailsInput } from '@parley/shared';
import { type FieldProblem, guardrailAmountProblem } from '@parley/shared/domain';
import type { CountryChoice } from './country-list-field';

export const AMOUNT_FIELDS = [
  'dailySpendCap',
  'maxSmsPrice',
  'maxMinutePrice',
  'lowBalanceAlert',
] as const;
export const COUNTRY_FIELDS = ['smsCountries', 'voiceCountries'] as const;
type AmountField = (typeof AMOUNT_FIELDS)[number];
type CountryField = (typeof COUNTRY_FIELDS)[number];
export type GuardrailField = AmountField | CountryField;

/** The form's values: amounts as typed (empty: no limit), each country list a choice. */
export type GuardrailsForm = Record<AmountField, string> & Record<CountryField, CountryChoice>;

export function formOf(saved: Guardrails | undefined): GuardrailsForm {
  const choice = (list: string[] | null | undefined): CountryChoice => ({
    all: !list,
    list: list ?? [],
  });
  return {
    dailySpendCap: saved?.dailySpendCap ?? '',
    maxSmsPrice: saved?.maxSmsPrice ?? '',
    maxMinutePrice: saved?.maxMinutePrice ?? '',
    lowBalanceAlert: saved?.lowBalanceAlert ?? '',
    smsCountries: choice(saved?.smsCountries),
    voiceCountries: choice(saved?.voiceCountries),
  };
}

/** The same rules as the server's contract: an amount or empty, a list of one or more. */
export function checkGuardrails(v: GuardrailsForm): Partial<Record<GuardrailField, FieldProblem>> {
  const problems: Partial<Record<GuardrailField, FieldProblem>> = {};
  for (const f of AMOUNT_FIELDS) {
    const problem = v[f].trim() ? guardrailAmountProblem(v[f]) : null;
    if (problem) problems[f] = problem;
  }
  for (const f of COUNTRY_FIELDS)
    if (!v[f].all && v[f].list.length === 0) problems[f] = { code: 'COUNTRIES_EMPTY' };
  return problems;
}

export function bodyOf(v: GuardrailsForm): GuardrailsInput {
  const amount = (s: string) => (s.trim() ? s.trim() : null);
  const list = (c: CountryChoice) => (c.all ? null : [...c.list].sort());
  return {
    dailySpendCap: amount(v.dailySpendCap),
    maxSmsPrice: amount(v.maxSmsPrice),
    maxMinutePrice: amount(v.maxMinutePrice),
    lowBalanceAlert: amount(v.lowBalanceAlert),
    smsCountries: list(v.smsCountries),
    voiceCountries: list(v.voiceCountries),
  };
}
