import { monthlyPeriodStart, notice } from '@parley/shared';
import { and, asc, desc, eq, lte } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { countUpTo, one } from '../../db/count.js';
import { insertNotification } from '../../db/notifications.js';
import { orders, users } from '../../db/schema/index.js';
import { lockOrderById, type OrderRow, paidUpTo } from './renewal-locks.repo.js';
import { type RenewalState, reactivationPeriod } from './renewal-rules.js';

/** The admin's side of renewals: the list, extending grace and waiving a period, audited. */
export function createRenewalsAdminRepo(db: Db) {
  return {
    /** The admin's list: due within 7 days, in grace, or suspended; a page at a time. */
    async adminList(
      filter: 'due' | 'grace' | 'suspended',
      page: number,
      pageSize: number,
      now: Date,
    ) {
      const where =
        filter === 'due'
          ? and(
              eq(orders.status, 'active'),
              eq(orders.autoRenew, true),
              lte(orders.renewsAt, new Date(now.getTime() + 7 * 86_400_000)),
            )
          : eq(orders.status, filter);
      const order =
        filter === 'due'
          ? asc(orders.renewsAt)
          : filter === 'grace'
            ? asc(orders.graceUntil)
            : desc(orders.suspendedAt);
      const [rows, total] = await Promise.all([
        db
          .select({ order: orders, email: users.email })
          .from(orders)
          .innerJoin(users, eq(users.id, orders.userId))
          .where(where)
          .orderBy(order, asc(orders.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        countUpTo(db, db.select({ one: one() }).from(orders).where(where).$dynamic()),
      ]);
      return { rows, total };
    },

    /**
     * An admin gives an item in grace or suspended until `days` from now (or from its
     * current end of grace, if later) before suspension; audited.
     */
    async extendGrace(id: string, days: number, actorId: string, ip: string | null, now: Date) {
      return db.transaction(async (tx) => {
        const row = await lockOrderById(tx, id);
        if (!row) return { error: 'not-found' as const };
        if (row.status !== 'grace' && row.status !== 'suspended')
          return { error: 'state' as const, order: row };
        const base = row.graceUntil && row.graceUntil > now ? row.graceUntil : now;
        const graceUntil = new Date(base.getTime() + days * 86_400_000);
        // Back from suspension, the period due is the one running now: none wholly suspended is billed.
        const paidThrough = reactivationPeriod(row as RenewalState, now) - 1;
        const [after] = await tx
          .update(orders)
          .set({
            status: 'grace',
            graceUntil,
            retryAt: now,
            suspendedAt: null,
            paidThrough,
            renewsAt: monthlyPeriodStart(row.createdAt, paidThrough + 1),
          })
          .where(eq(orders.id, id))
          .returning();
        await writeAudit(tx, {
          actorId,
          action: 'subscription.extend_grace',
          targetType: 'order',
          targetId: id,
          before: { status: row.status, graceUntil: row.graceUntil?.toISOString() ?? null },
          after: { status: 'grace', graceUntil: graceUntil.toISOString(), days },
          ip,
        });
        const told = await insertNotification(tx, {
          userId: row.userId,
          ...notice('subscription.graceExtended', {
            item: row.name,
            graceUntil: graceUntil.toISOString(),
          }),
          key: `subscription.graceExtended:${id}:${graceUntil.toISOString()}`,
          at: now,
        });
        return {
          outcome: { order: after as OrderRow, changed: true, notices: told ? [told] : [] },
        };
      });
    },

    /** An admin marks the period due as paid without a charge (grace, suspended or due); audited. */
    async waive(id: string, actorId: string, ip: string | null, now: Date) {
      return db.transaction(async (tx) => {
        const row = await lockOrderById(tx, id);
        if (!row) return { error: 'not-found' as const };
        // Only an unpaid period: a retried waiver, or one that lost a race with the charge,
        // finds the item active and waives nothing more.
        if ((row.status !== 'grace' && row.status !== 'suspended') || row.renewalCharge === null)
          return { error: 'state' as const, order: row };
        const period = reactivationPeriod(row as RenewalState, now);
        const renewsAt = monthlyPeriodStart(row.createdAt, period + 1);
        const [after] = await tx
          .update(orders)
          .set(paidUpTo(period, renewsAt))
          .where(eq(orders.id, id))
          .returning();
        await writeAudit(tx, {
          actorId,
          action: 'subscription.waive',
          targetType: 'order',
          targetId: id,
          before: { status: row.status, paidThrough: row.paidThrough },
          after: { status: 'active', paidThrough: period, renewsAt: renewsAt.toISOString() },
          ip,
        });
        const told = await insertNotification(tx, {
          userId: row.userId,
          ...notice('subscription.waived', { item: row.name, renewsAt: renewsAt.toISOString() }),
          key: `subscription.waived:${id}:${period}`,
          at: now,
        });
        return {
          outcome: { order: after as OrderRow, changed: true, notices: told ? [told] : [] },
        };
      });
    },
  };
}
