import { errorResponseSchema } from '../../contracts/errors.js';
import { healthResponseSchema } from '../../contracts/health.js';

/** Whether an instance answers. */
export const healthEndpoints = {
  'health.check': {
    summary: 'Whether this instance and its database answer',
    responses: { 200: healthResponseSchema, 503: errorResponseSchema },
  },
} as const;
