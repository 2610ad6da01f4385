import { auditFacetsSchema, auditPageSchema, auditQuerySchema } from '../../contracts/audit.js';

/** The audit log, read by admins. */
export const auditEndpoints = {
  'audit.admin.list': {
    summary: 'The audit log',
    query: auditQuerySchema,
    responses: { 200: auditPageSchema },
  },
  'audit.admin.facets': {
    summary: "The audit log's actions and actors, for its filters",
    responses: { 200: auditFacetsSchema },
  },
} as const;
