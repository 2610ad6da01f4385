import { z } from 'zod';
import {
  webhookCreateInputSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookParamsSchema,
  webhookUpdateInputSchema,
  webhookWithSecretSchema,
} from '../../contracts/webhooks.js';
import { ofUser } from './admin-lists.js';
import { refusals } from './errors.js';

const USER = ['UNAUTHORIZED', 'VALIDATION_FAILED'] as const;
const ONE = [...USER, 'NOT_FOUND'] as const;

/** Webhook endpoints (Standard Webhooks signatures), their secrets and delivery logs. */
export const webhooksEndpoints = {
  'webhooks.list': {
    summary: "The customer's webhook endpoints and whether they are failing",
    responses: { 200: webhookEndpointListSchema, ...refusals(...USER) },
  },
  'webhooks.create': {
    summary: 'Register an endpoint for some events; the answer carries its signing secret, once',
    body: webhookCreateInputSchema,
    responses: {
      201: webhookWithSecretSchema,
      ...refusals(...USER, 'WEBHOOK_URL_NOT_ALLOWED', 'WEBHOOK_ENDPOINT_LIMIT'),
    },
  },
  'webhooks.update': {
    summary: "Change an endpoint's URL or events, or turn it off and on",
    params: webhookParamsSchema,
    body: webhookUpdateInputSchema,
    responses: { 200: webhookEndpointSchema, ...refusals(...ONE, 'WEBHOOK_URL_NOT_ALLOWED') },
  },
  'webhooks.remove': {
    summary: 'Delete an endpoint and its delivery log',
    params: webhookParamsSchema,
    responses: { 204: null, ...refusals(...ONE) },
  },
  'webhooks.rotateSecret': {
    summary: 'A new signing secret; the old one keeps signing beside it for 24 hours',
    params: webhookParamsSchema,
    responses: { 200: webhookWithSecretSchema, ...refusals(...ONE) },
  },
  'webhooks.test': {
    summary: 'Send the endpoint a test event (webhook.test)',
    params: webhookParamsSchema,
    responses: {
      202: webhookDeliverySchema,
      ...refusals(...ONE, 'WEBHOOK_ENDPOINT_DISABLED'),
    },
  },
  'webhooks.deliveries': {
    summary: "An endpoint's delivery log, newest first",
    params: webhookParamsSchema,
    query: webhookDeliveriesQuerySchema,
    responses: { 200: webhookDeliveriesSchema, ...refusals(...ONE) },
  },
  'webhooks.redeliver': {
    summary: 'Send a delivery again (same webhook-id), whatever became of it',
    params: webhookDeliveryParamsSchema,
    responses: {
      202: webhookDeliverySchema,
      ...refusals(...ONE, 'WEBHOOK_ENDPOINT_DISABLED'),
    },
  },
  'webhooks.admin.forUser': ofUser(
    "A customer's webhook endpoints and their failure state",
    z.object({}),
    webhookEndpointListSchema,
  ),
} as const;
