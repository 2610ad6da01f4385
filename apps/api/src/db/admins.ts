import { sql } from 'drizzle-orm';
import { users } from './schema/index.js';

/**
 * "Is an admin" as a bare predicate, not `is_admin = $1`: a parameter hides the value
 * from the planner's generic plan, and only the literal lets the partial index of admins
 * (users_admins_idx) answer instead of reading every customer.
 */
export const adminsOnly = sql`${users.isAdmin}`;
