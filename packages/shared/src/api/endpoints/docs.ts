import { ADMIN_REFUSALS, refusals } from './errors.js';

/** The API described by itself: the customers' document, and the operators'. */
export const docsEndpoints = {
  'docs.openapi': {
    summary: 'The customer API described as OpenAPI 3.1',
    responses: { 200: { description: 'The OpenAPI document', contentType: 'application/json' } },
  },
  'docs.admin.openapi': {
    summary: 'The admin and SIP edge operations described as OpenAPI 3.1',
    responses: {
      200: { description: 'The operators’ OpenAPI document', contentType: 'application/json' },
      ...refusals(...ADMIN_REFUSALS),
    },
  },
} as const;
