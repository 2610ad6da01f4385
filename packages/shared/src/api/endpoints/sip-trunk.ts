import {
  adminTrunksSchema,
  numberRouteParamsSchema,
  numberRouteSchema,
  trunkParamsSchema,
  trunkPasswordSchema,
  trunkSchema,
  trunksSchema,
  trunkUpdateSchema,
} from '../../contracts/sip-trunk.js';
import { ADMIN_REFUSALS, refusals } from './errors.js';

/** SIP trunks (decision 0068): the customer's own, and every one for admins. */
export const sipTrunkEndpoints = {
  'sipTrunk.trunks': {
    summary: "The customer's SIP trunks with today's figures, their numbers and where to connect",
    responses: { 200: trunksSchema, ...refusals('UNAUTHORIZED', 'API_KEY_SCOPE') },
  },
  'sipTrunk.update': {
    summary: "Change a trunk's authentication, addresses, channels, codec and destinations",
    params: trunkParamsSchema,
    body: trunkUpdateSchema,
    responses: {
      200: trunkSchema,
      ...refusals('VALIDATION_FAILED', 'UNAUTHORIZED', 'API_KEY_SCOPE', 'NOT_FOUND'),
    },
  },
  'sipTrunk.newPassword': {
    summary: 'Give a trunk a new password: the old one stops working at once',
    params: trunkParamsSchema,
    responses: {
      200: trunkPasswordSchema,
      ...refusals('UNAUTHORIZED', 'API_KEY_SCOPE', 'NOT_FOUND'),
    },
  },
  'sipTrunk.exportCalls': {
    summary: "The trunk's call records of the last 31 days as CSV (the Analytics add-on)",
    params: trunkParamsSchema,
    responses: {
      200: { description: 'trunk-<username>-calls-<day>.csv', contentType: 'text/csv' },
      ...refusals('UNAUTHORIZED', 'API_KEY_SCOPE', 'NOT_FOUND', 'TRUNK_ADDON_REQUIRED'),
    },
  },
  'sipTrunk.routeNumber': {
    summary: "Ring one of the customer's numbers on a trunk's PBX, or on their softphones again",
    params: numberRouteParamsSchema,
    body: numberRouteSchema,
    responses: {
      204: null,
      ...refusals('VALIDATION_FAILED', 'UNAUTHORIZED', 'API_KEY_SCOPE', 'NOT_FOUND'),
    },
  },
  'sipTrunk.admin.trunks': {
    summary: "Every customer's SIP trunks with today's figures",
    responses: { 200: adminTrunksSchema, ...refusals(...ADMIN_REFUSALS) },
  },
} as const;
