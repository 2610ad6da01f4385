import { z } from 'zod';
import {
  createdSmppAccountSchema,
  smppAccountInputSchema,
  smppAccountParamsSchema,
  smppAccountsSchema,
  smppAdminSessionSchema,
  smppSessionParamsSchema,
} from '../../contracts/smpp-server.js';
import { ADMIN_REFUSALS, refusals } from './errors.js';

/** SMPP accounts (decision 0066): a customer's own, and the bound sessions for admins. */
export const smppServerEndpoints = {
  'smppServer.accounts': {
    summary: "The customer's SMPP accounts with their sessions, and where to connect",
    responses: { 200: smppAccountsSchema, ...refusals('UNAUTHORIZED', 'API_KEY_SCOPE') },
  },
  'smppServer.create': {
    summary: 'Create an SMPP account; its password is in this answer only',
    body: smppAccountInputSchema,
    responses: {
      201: createdSmppAccountSchema,
      ...refusals(
        'VALIDATION_FAILED',
        'UNAUTHORIZED',
        'API_KEY_SCOPE',
        'SMPP_ACCOUNT_LIMIT',
        'SMPP_THROUGHPUT_OVER_MAX',
      ),
    },
  },
  'smppServer.remove': {
    summary: 'Remove an SMPP account: its sessions are ended on every instance',
    params: smppAccountParamsSchema,
    responses: { 204: null, ...refusals('UNAUTHORIZED', 'API_KEY_SCOPE', 'NOT_FOUND') },
  },
  'smppServer.admin.sessions': {
    summary: 'Every bound SMPP session on every instance, with its customer and throughput',
    responses: { 200: z.array(smppAdminSessionSchema), ...refusals(...ADMIN_REFUSALS) },
  },
  'smppServer.admin.endSession': {
    summary: 'End an SMPP session: the instance holding it unbinds it within seconds',
    params: smppSessionParamsSchema,
    responses: { 204: null, ...refusals(...ADMIN_REFUSALS, 'NOT_FOUND') },
  },
} as const;
