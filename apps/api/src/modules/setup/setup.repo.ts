import { and, count, eq, isNull } from 'drizzle-orm';
import { adminsOnly } from '../../db/admins.js';
import type { Db } from '../../db/client.js';
import { adminSecondFactors, users } from '../../db/schema/index.js';

export function createSetupRepo(db: Db) {
  return {
    /** Admins who have no confirmed second factor yet. */
    async adminsWithoutSecondFactor(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .leftJoin(adminSecondFactors, eq(adminSecondFactors.userId, users.id))
        .where(and(adminsOnly, isNull(adminSecondFactors.confirmedAt)));
      return row?.n ?? 0;
    },
  };
}
export type SetupRepo = ReturnType<typeof createSetupRepo>;
