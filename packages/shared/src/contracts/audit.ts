import { z } from 'zod';
import { singleLine } from './text.js';

/**
 * Actions the admin panel knows by name (it translates them); any other action a module
 * writes is shown as it is, so a new module adds actions without changing the panel.
 */
export const KNOWN_AUDIT_ACTIONS = [
  'payment.approve',
  'payment.reject',
  'wallet.create',
  'wallet.activate',
  'wallet.deactivate',
  'rate.update',
  'balance.adjust',
  'user.suspend',
  'user.reactivate',
  'subscription.extend_grace',
  'subscription.waive',
  'api_key.create',
  'api_key.revoke',
  'api_key.admin_revoke',
  'webhook.create',
  'webhook.update',
  'webhook.rotate_secret',
  'webhook.delete',
  'webhook.disable',
  'smpp_account.created',
  'smpp_account.removed',
  'smpp_session.ended',
  'fulfilment.done',
] as const;

/** An action or target type: dotted lower-case words, as modules write them. */
const name = (label: string) =>
  z
    .string()
    .trim()
    .max(64, `${label} is too long`)
    .regex(/^[a-z][a-z0-9_.-]*$/, `${label} must be lower-case words separated by dots`);

const day = (label: string) => z.iso.date(`${label} must be a date (YYYY-MM-DD)`).optional();

/** GET /api/admin/audit: every filter optional; newest first, a page at a time. */
export const auditQuerySchema = z
  .object({
    action: name('Action').optional(),
    /** The acting admin's email, or `automatic` for rows written by a job. */
    actor: singleLine(z.string().trim().max(254), 'Actor').optional(),
    targetType: name('Target type').optional(),
    targetId: singleLine(z.string().trim().max(200), 'Target id').optional(),
    /** From the start of this day (UTC), inclusive. */
    from: day('From'),
    /** To the end of this day (UTC), inclusive. */
    to: day('To'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    path: ['to'],
    message: 'To must not be before From',
  });
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  /** Null when an automatic job acted (the rate feed), or the admin was deleted. */
  actor: z.object({ id: z.string(), email: z.string() }).nullable(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The actions and target types present in the log, for the filters' choices. */
export const auditFacetsSchema = z.object({
  actions: z.array(z.string()),
  targetTypes: z.array(z.string()),
});
export type AuditFacets = z.infer<typeof auditFacetsSchema>;
