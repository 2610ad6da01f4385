import { setupChecklistSchema } from '../../contracts/setup.js';

/** The admin's set-up checklist. */
export const setupEndpoints = {
  'setup.admin.checklist': {
    summary:
      'What a fresh install still needs: wallets, fresh rates, gateways, mail, second factors',
    responses: { 200: setupChecklistSchema },
  },
} as const;
