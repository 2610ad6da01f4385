import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

export function createHealthRepo(db: Db) {
  return {
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}
export type HealthRepo = ReturnType<typeof createHealthRepo>;
