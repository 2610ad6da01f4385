import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appMeta } from '../../db/schema/index.js';

const INSTALLED_AT = 'installed_at';

export function createSystemRepo(db: Db) {
  return {
    /** Records the first start of this installation once; returns when that was. */
    async installedAt(now: Date = new Date()): Promise<string> {
      await db
        .insert(appMeta)
        .values({ key: INSTALLED_AT, value: now.toISOString() })
        .onConflictDoNothing();
      const [row] = await db.select().from(appMeta).where(eq(appMeta.key, INSTALLED_AT));
      if (!row) throw new Error('app_meta lost its installed_at row');
      return row.value;
    },
  };
}
