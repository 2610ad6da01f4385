import { z } from 'zod';
import { compareDecimal, type DecimalBound, decimalBoundProblem } from '../domain/money.js';
import { rule } from './field-text.js';

/**
 * A decimal amount, price or rate as a request carries it: text, never a float. Required;
 * digits with at most `scale` decimals (the column's unless fewer are asked for), else
 * INVALID_FORMAT with "<label> must be a positive (or non-negative) number with at most
 * N decimals"; then within `bound`: TOO_BIG past what its column holds (or `bound.max`),
 * TOO_SMALL below `bound.min`, each with the limit as a param. So nothing a request sends
 * reaches the database only to overflow its column there.
 */
export function decimalInput(label: string, bound: DecimalBound, scale = bound.column.scale) {
  const sign =
    bound.min !== undefined && compareDecimal(bound.min, '0') > 0 ? 'positive' : 'non-negative';
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .regex(
      // Empty is left to `min` above: one message for it, "is required".
      new RegExp(`^(\\d+(\\.\\d{1,${scale}})?)?$`),
      `${label} must be a ${sign} number with at most ${scale} decimals`,
    )
    .superRefine(rule((value: string) => decimalBoundProblem(value, bound)));
}
