import { healthResponseSchema } from '../../contracts/health.js';
import { refusals } from './errors.js';

/** Whether an instance answers. */
export const healthEndpoints = {
  'health.check': {
    summary: 'Whether this instance and its database answer',
    responses: { 200: healthResponseSchema, ...refusals('SERVICE_UNAVAILABLE') },
  },
} as const;
