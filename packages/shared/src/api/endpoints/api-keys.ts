import { z } from 'zod';
import {
  apiKeyInputSchema,
  apiKeyParamsSchema,
  apiKeySchema,
  createdApiKeySchema,
} from '../../contracts/api-keys.js';
import { userIdParamsSchema } from '../../contracts/users.js';
import { ADMIN_REFUSALS, refusals } from './errors.js';

/** API keys: created and revoked by their owner in the browser, seen and revoked by admins. */
export const apiKeysEndpoints = {
  'apiKeys.list': {
    summary: "The customer's API keys that are not revoked, newest first",
    responses: { 200: z.array(apiKeySchema), ...refusals('UNAUTHORIZED', 'API_KEY_NOT_ALLOWED') },
  },
  'apiKeys.create': {
    summary: 'Create an API key; its secret is in this answer only',
    body: apiKeyInputSchema,
    responses: {
      201: createdApiKeySchema,
      ...refusals('VALIDATION_FAILED', 'UNAUTHORIZED', 'API_KEY_NOT_ALLOWED', 'API_KEY_LIMIT'),
    },
  },
  'apiKeys.revoke': {
    summary: 'Revoke an API key: it stops working at once on every instance',
    params: apiKeyParamsSchema,
    responses: { 204: null, ...refusals('UNAUTHORIZED', 'API_KEY_NOT_ALLOWED', 'NOT_FOUND') },
  },
  'apiKeys.admin.list': {
    summary: "A user's API keys that are not revoked, newest first",
    params: userIdParamsSchema,
    responses: { 200: z.array(apiKeySchema), ...refusals(...ADMIN_REFUSALS) },
  },
  'apiKeys.admin.revoke': {
    summary: "Revoke a customer's API key",
    params: apiKeyParamsSchema,
    responses: { 204: null, ...refusals(...ADMIN_REFUSALS, 'NOT_FOUND') },
  },
} as const;
