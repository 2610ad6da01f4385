import { analyticsSchema } from '../../contracts/analytics.js';

/** Totals for the admin overview. */
export const analyticsEndpoints = {
  'analytics.admin.get': {
    summary:
      'Totals for the admin overview, as last counted (a read of older figures starts a count)',
    responses: { 200: analyticsSchema },
  },
  'analytics.admin.recount': {
    summary: 'Count the totals now and keep them as the latest',
    responses: { 200: analyticsSchema },
  },
} as const;
