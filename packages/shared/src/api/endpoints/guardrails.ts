import { guardrailsInputSchema, guardrailsSchema } from '../../contracts/guardrails.js';
import { refusals } from './errors.js';

/** The customer's spending limits (decision 0027). */
export const guardrailsEndpoints = {
  'guardrails.get': {
    summary: "The customer's spending limits and what counts against the daily cap today",
    responses: { 200: guardrailsSchema, ...refusals('UNAUTHORIZED') },
  },
  'guardrails.save': {
    summary:
      "Set the customer's spending limits: daily cap, countries for SMS and calls (null: all), prices per SMS and per minute, low-balance alert (GBP; null: none)",
    body: guardrailsInputSchema,
    responses: { 200: guardrailsSchema, ...refusals('UNAUTHORIZED', 'VALIDATION_FAILED') },
  },
} as const;
