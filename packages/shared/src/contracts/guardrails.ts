import { z } from 'zod';
import {
  guardrailAmountProblem,
  guardrailCountryProblem,
  MAX_GUARDRAIL_COUNTRIES,
} from '../domain/guardrails.js';
import { rule } from './field-text.js';

/** A limit in GBP as a decimal string ("5", "0.045"); null: no limit. */
const limitSchema = z
  .string('Enter an amount in GBP, or null for no limit')
  .superRefine(rule(guardrailAmountProblem))
  .transform((v) => v.trim())
  .nullable();

/**
 * Countries by ISO code; null: every country. An empty list is refused rather than read
 * as "nothing allowed": a customer who wants no SMS or calls simply sends none.
 */
const countriesSchema = z
  .array(z.string('Each country is an ISO code').superRefine(rule(guardrailCountryProblem)))
  .max(MAX_GUARDRAIL_COUNTRIES, `At most ${MAX_GUARDRAIL_COUNTRIES} countries`)
  .superRefine(rule((list: string[]) => (list.length ? null : { code: 'COUNTRIES_EMPTY' })))
  .transform((list) => [...new Set(list)].sort())
  .nullable();

/** PUT /api/account/guardrails: every limit, each null when it does not apply. */
export const guardrailsInputSchema = z.object({
  dailySpendCap: limitSchema,
  smsCountries: countriesSchema,
  voiceCountries: countriesSchema,
  maxSmsPrice: limitSchema,
  maxMinutePrice: limitSchema,
  lowBalanceAlert: limitSchema,
});
export type GuardrailsInput = z.input<typeof guardrailsInputSchema>;
export type GuardrailsValues = z.output<typeof guardrailsInputSchema>;

export const guardrailsSchema = z.object({
  dailySpendCap: z.string().nullable(),
  smsCountries: z.array(z.string()).nullable(),
  voiceCountries: z.array(z.string()).nullable(),
  /** The most one SMS (one segment) may cost, in GBP. */
  maxSmsPrice: z.string().nullable(),
  /** The most one minute of a call may cost, in GBP. */
  maxMinutePrice: z.string().nullable(),
  lowBalanceAlert: z.string().nullable(),
  /** What counts against the cap today (UTC): net debits and what calls in progress hold. */
  spentToday: z.string(),
  /** Null until the customer first saves their limits. */
  updatedAt: z.string().nullable(),
});
export type Guardrails = z.infer<typeof guardrailsSchema>;
