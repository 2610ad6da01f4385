import { analyticsSchema } from '../../contracts/analytics.js';

/** Totals for the admin overview. */
export const analyticsEndpoints = {
  'analytics.admin.get': {
    summary: 'Totals for the admin overview',
    responses: { 200: analyticsSchema },
  },
} as const;
