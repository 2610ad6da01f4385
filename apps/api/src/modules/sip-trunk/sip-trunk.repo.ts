import type { TrunkSettingsInput } from '@parley/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { trunkSettings } from '../../db/schema/index.js';

export function createSipTrunkRepo(db: Db) {
  return {
    async find(userId: string) {
      const [row] = await db.select().from(trunkSettings).where(eq(trunkSettings.userId, userId));
      return row;
    },

    async save(userId: string, input: TrunkSettingsInput, now: Date) {
      const values = { ...input, updatedAt: now };
      const [row] = await db
        .insert(trunkSettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: trunkSettings.userId, set: values })
        .returning();
      if (!row) throw new Error('trunk settings upsert returned no row');
      return row;
    },
  };
}
export type SipTrunkRepo = ReturnType<typeof createSipTrunkRepo>;
