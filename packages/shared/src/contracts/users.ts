import { z } from 'zod';
import { adminUserSchema } from './auth.js';
import { pageOf, pageQuery } from './page.js';
import { singleLine } from './text.js';

/** Active users can sign in; suspended ones (the disabled flag) cannot. */
export const USER_STATUSES = ['active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** GET /api/admin/users: part of an email or name, a status, a page; newest first. */
export const adminUsersQuerySchema = z.object({
  q: singleLine(z.string().trim().max(254, 'At most 254 characters'), 'Search').optional(),
  status: z.enum(USER_STATUSES).optional(),
  ...pageQuery(20),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;
export const adminUsersPageSchema = pageOf(adminUserSchema);
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

/** One user for the admin's detail view: what calls in progress hold of the balance too. */
export const adminUserDetailSchema = adminUserSchema.extend({
  held: z.string(),
  contactMethod: z.string().nullable(),
  contactValue: z.string().nullable(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const userIdParamsSchema = z.object({ id: z.uuid('Invalid user id') });
