import { IN_SERVICE } from '@parley/shared';
import { type SQL, sql } from 'drizzle-orm';

/**
 * `<status> in ('active', 'grace')` for raw subqueries that alias `orders`: the statuses
 * come from IN_SERVICE, so they cannot drift from the rest of the code.
 */
export const statusInService = (status: SQL): SQL =>
  sql`${status} in (${sql.join(
    IN_SERVICE.map((s) => sql`${s}`),
    sql`, `,
  )})`;
