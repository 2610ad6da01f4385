import { type GuardrailsValues, moneyText } from '@parley/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { readSpending } from '../../db/guardrails.js';
import { insertNotification } from '../../db/notifications.js';
import { rowsOf } from '../../db/raw.js';
import { accountGuardrails } from '../../db/schema/index.js';
import { enqueueWebhook } from '../../db/webhooks.js';

export type GuardrailsRow = typeof accountGuardrails.$inferSelect;

/** A low-balance notice written: who, and the notice's id for the event. */
export interface LowBalanceNotice {
  userId: string;
  id: string;
  code: string;
}

export const LOW_BALANCE_CODE = 'balance.low';

/** A customer's spending limits, and the low-balance alert's claims. */
export function createGuardrailsRepo(db: Db) {
  return {
    async find(userId: string) {
      const [row] = await db
        .select()
        .from(accountGuardrails)
        .where(eq(accountGuardrails.userId, userId));
      return row;
    },

    /** The day's net debits and holds, for what the page shows against the cap. */
    spending: (userId: string, dayStart: Date) =>
      readSpending(db, userId, dayStart, { everyDebit: true }),

    /**
     * Replaces the limits. A changed alert threshold is judged afresh: its notice flag
     * clears, so a balance already under the new threshold is told once.
     */
    async save(userId: string, values: GuardrailsValues, now: Date) {
      const g = accountGuardrails;
      const [row] = await db
        .insert(g)
        .values({ userId, ...values, updatedAt: now })
        .onConflictDoUpdate({
          target: g.userId,
          set: {
            ...values,
            updatedAt: now,
            lowBalanceNotified: sql`case when ${g.lowBalanceAlert} is distinct from excluded.low_balance_alert then false else ${g.lowBalanceNotified} end`,
          },
        })
        .returning();
      if (!row) throw new Error('guardrails upsert returned no row');
      return row;
    },

    /**
     * Claims up to `batch` customers whose balance is under their alert and who were not
     * told, and writes their notice in the same transaction. The flag's update is the
     * claim: a second instance running at once finds them told already.
     */
    async notifyLow(now: Date, batch: number): Promise<LowBalanceNotice[]> {
      return db.transaction(async (tx) => {
        const claimed = rowsOf<{ user_id: string; balance: string; threshold: string }>(
          await tx.execute(sql`
            update account_guardrails g set low_balance_notified = true
            from users u
            where u.id = g.user_id and not g.low_balance_notified
              and g.low_balance_alert is not null and u.crypto_balance < g.low_balance_alert
              and g.user_id in (
                select g2.user_id from account_guardrails g2 join users u2 on u2.id = g2.user_id
                where not g2.low_balance_notified and g2.low_balance_alert is not null
                  and u2.crypto_balance < g2.low_balance_alert
                limit ${batch})
            returning g.user_id, u.crypto_balance::text as balance,
              g.low_balance_alert::text as threshold`),
        );
        const notices: LowBalanceNotice[] = [];
        for (const c of claimed) {
          const row = await insertNotification(tx, {
            userId: c.user_id,
            code: LOW_BALANCE_CODE,
            params: { balance: moneyText(c.balance), threshold: moneyText(c.threshold) },
            key: `${LOW_BALANCE_CODE}:${now.toISOString()}`,
            email: true,
            at: now,
          });
          if (row) notices.push({ userId: row.userId, id: row.id, code: row.code });
          const [balance, threshold] = [moneyText(c.balance), moneyText(c.threshold)];
          await enqueueWebhook(
            tx,
            c.user_id,
            'balance.low',
            { balance, threshold, currency: 'GBP' },
            now,
          );
        }
        return notices;
      });
    },

    /** Clears the flag of up to `batch` customers no longer under their alert: the next crossing is told. */
    async clearRecovered(batch: number): Promise<number> {
      const rows = rowsOf<{ user_id: string }>(
        await db.execute(sql`
          update account_guardrails g set low_balance_notified = false
          where g.user_id in (
            select g2.user_id from account_guardrails g2 join users u2 on u2.id = g2.user_id
            where g2.low_balance_notified
              and (g2.low_balance_alert is null or u2.crypto_balance >= g2.low_balance_alert)
            limit ${batch})
          returning g.user_id`),
      );
      return rows.length;
    },
  };
}
export type GuardrailsRepo = ReturnType<typeof createGuardrailsRepo>;
