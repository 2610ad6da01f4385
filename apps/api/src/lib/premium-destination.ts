import { AppError } from './app-error.js';

/** The refusal of a premium-rate or shared-cost number (domain: destinationFor). */
export function premiumDestination(reason: 'premium-rate' | 'shared-cost', path?: string) {
  const [code, message] =
    reason === 'premium-rate'
      ? (['PREMIUM_RATE_DESTINATION', 'Premium-rate numbers are not accepted.'] as const)
      : (['SHARED_COST_DESTINATION', 'Shared-cost numbers are not accepted.'] as const);
  return new AppError(
    code,
    message,
    path ? [{ path, code: 'RECIPIENT_INVALID', message }] : undefined,
  );
}
