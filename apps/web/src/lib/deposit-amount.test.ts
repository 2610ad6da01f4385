import { describe, expect, it } from 'vitest';
import { depositProblem } from './deposit-amount';

describe('depositProblem', () => {
  it('accepts dollars and cents from the minimum to the maximum', () => {
    for (const ok of ['100', '100.00', '150.5', ' 250.99 ', '1000000', '1000000.00'])
      expect(depositProblem(ok), ok).toBeNull();
  });

  it('calls a number below 100, a negative one or none below the minimum', () => {
    // SPEC: required, minimum 100, 'otherwise Minimum deposit is $100 USD'.
    for (const low of ['99', '99.99', '0', '0.01', '000099', '', ' ', '-5', '-150', '-0.5'])
      expect(depositProblem(low), low).toBe('belowMinimum');
  });

  it('calls anything that is not dollars and cents malformed', () => {
    for (const bad of ['1e3', '100.005', '+150', '1,000', '150.', '.5', 'abc', '-', '--5'])
      expect(depositProblem(bad), bad).toBe('malformed');
  });

  it('calls more than 1,000,000 above the maximum, however many digits', () => {
    for (const big of ['99999999999', '1000000.01', '12345678901234567890'])
      expect(depositProblem(big), big).toBe('aboveMaximum');
  });
});
