import { compareDecimal, monthlyPeriodStart, notice, subtract } from '@parley/shared';
import { and, asc, eq, gt, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { applyLedgerEntry, type Tx } from '../../db/ledger.js';
import { insertNotification, type NotificationRow } from '../../db/notifications.js';
import { rowsOf, timestamptz } from '../../db/raw.js';
import { didNumbers, orders, users } from '../../db/schema/index.js';
import { packageNames } from '../orders/orders.store.js';
import { lockOrder, paidUpTo } from './renewal-locks.repo.js';
import {
  type RenewalSettings,
  type RenewalState,
  type RenewalStep,
  reactivationPeriod,
  releaseTime,
  renewalStep,
} from './renewal-rules.js';
import { createRenewalsAdminRepo } from './renewals-admin.repo.js';

export type OrderRow = typeof orders.$inferSelect;

/** What a renewal transaction changed: the order after it, and the notices it wrote. */
export interface RenewalOutcome {
  order: OrderRow;
  changed: boolean;
  notices: NotificationRow[];
}

/** The most steps one order takes in one pass (a year of missed renewals caught up). */
const MAX_STEPS = 24;

/** What each renewal of the order charges, GBP; null for an item that does not renew. */
export const renewalAmount = (o: Pick<OrderRow, 'renewalCharge'>) => o.renewalCharge;

/** The available balance pays this. */
const compareOk = (available: string, amount: string) => compareDecimal(available, amount) >= 0;

const iso = (d: Date | null | undefined) => d?.toISOString() ?? '';

export function createRenewalsRepo(db: Db, settings: RenewalSettings) {
  /** Releases a number to the shop when its order ends. */
  async function release(tx: Tx, order: OrderRow) {
    if (order.itemKind !== 'number') return;
    await tx
      .update(didNumbers)
      .set({ status: 'available' })
      .where(and(eq(didNumbers.id, order.itemId), eq(didNumbers.status, 'assigned')));
  }

  /** A period's charge; a free item's period is simply marked paid (no £0 ledger row). */
  async function charge(tx: Tx, order: OrderRow, period: number, amount: string) {
    if (compareDecimal(amount, '0') === 0) return;
    await applyLedgerEntry(tx, {
      userId: order.userId,
      amount: `-${amount}`,
      currency: 'GBP',
      kind: 'renewal',
      reference: `renewal:${order.id}:${period}`,
      note: order.name,
    });
  }

  /**
   * Applies one step to a locked order: the charge, the new state and the notice, in
   * the caller's transaction. Answers the order as it is now.
   */
  async function apply(tx: Tx, order: OrderRow, step: RenewalStep, amount: string, now: Date) {
    const notices: (NotificationRow | null)[] = [];
    const tell = (what: ReturnType<typeof notice>, key: string, email: boolean) =>
      insertNotification(tx, { userId: order.userId, ...what, key, email, at: now }).then((row) =>
        notices.push(row),
      );
    const item = order.name;
    const set = (values: Partial<OrderRow>) =>
      tx.update(orders).set(values).where(eq(orders.id, order.id)).returning();
    let rows: OrderRow[] = [];
    switch (step.kind) {
      case 'charge':
        await charge(tx, order, step.period, amount);
        rows = await set(paidUpTo(step.period, step.renewsAt));
        await tell(
          notice('renewal.charged', { item, amount, renewsAt: iso(step.renewsAt) }),
          `renewal.charged:${order.id}:${step.period}`,
          false,
        );
        break;
      case 'grace':
        rows = await set({ status: 'grace', graceUntil: step.graceUntil, retryAt: step.retryAt });
        await tell(
          notice('renewal.failed', { item, amount, graceUntil: iso(step.graceUntil) }),
          `renewal.failed:${order.id}:${order.paidThrough + 1}`,
          true,
        );
        break;
      case 'retry-later':
        rows = await set({ retryAt: step.retryAt });
        break;
      case 'suspend': {
        rows = await set({
          status: 'suspended',
          suspendedAt: step.at,
          graceUntil: null,
          retryAt: null,
        });
        const releaseAt = releaseTime({ suspendedAt: step.at }, settings);
        await tell(
          notice('subscription.suspended', {
            item,
            releaseAt: order.itemKind === 'number' ? iso(releaseAt) : undefined,
          }),
          `subscription.suspended:${order.id}:${order.paidThrough + 1}`,
          true,
        );
        break;
      }
      case 'end':
        await release(tx, order);
        rows = await set({
          status: 'cancelled',
          endedAt: step.at,
          renewsAt: null,
          graceUntil: null,
          retryAt: null,
        });
        await tell(
          notice(step.why === 'released' ? 'subscription.released' : 'subscription.ended', {
            item,
          }),
          `subscription.end:${order.id}`,
          step.why === 'released',
        );
        break;
      case 'none':
        return { order, notices: [] };
    }
    const [after] = rows;
    if (!after) throw new Error('renewals: the order vanished under its lock');
    return { order: after, notices: notices.filter((n): n is NotificationRow => n !== null) };
  }

  /**
   * Brings one order up to date at `now`, in one transaction under the customer's and
   * the order's locks: renewal charges (each period once: its ledger reference is
   * unique), grace, suspension or the end. Two instances at once: the second waits and
   * finds nothing left to do.
   */
  async function settle(
    userId: string,
    orderId: string,
    now: Date,
    topUp = false,
  ): Promise<RenewalOutcome | null> {
    return db.transaction(async (tx) => {
      const locked = await lockOrder(tx, userId, orderId);
      if (!locked) return null;
      let { order } = locked;
      let available = subtract(locked.user.balance, locked.user.held, 4);
      const amount = renewalAmount(order);
      if (amount === null) return { order, changed: false, notices: [] };
      const notices: NotificationRow[] = [];
      let changed = false;
      for (let i = 0; i < MAX_STEPS; i++) {
        const covers = compareOk(available, amount);
        const step = renewalStep(order as RenewalState, now, covers, settings, topUp && i === 0);
        if (step.kind === 'none') break;
        const done = await apply(tx, order, step, amount, now);
        order = done.order;
        notices.push(...done.notices);
        changed = true;
        if (step.kind !== 'charge') break;
        available = subtract(available, amount, 4);
      }
      return { order, changed, notices };
    });
  }

  return {
    settle,
    packageNames: (ids: string[]) => packageNames(db, ids),

    /**
     * Orders with something to do by `now`, at most `limit`, in id order after `afterId`:
     * a pass walks them all once, so an order that keeps failing never holds up the rest.
     */
    async due(now: Date, limit: number, afterId?: string) {
      const releaseBefore = new Date(now.getTime() - settings.releaseMs);
      return db
        .select({ id: orders.id, userId: orders.userId })
        .from(orders)
        .where(
          and(
            isNotNull(orders.renewalCharge),
            afterId ? gt(orders.id, afterId) : undefined,
            or(
              and(eq(orders.status, 'active'), lte(orders.renewsAt, now)),
              and(
                eq(orders.status, 'grace'),
                or(lte(orders.retryAt, now), lte(orders.graceUntil, now)),
              ),
              and(eq(orders.status, 'suspended'), lte(orders.suspendedAt, releaseBefore)),
            ),
          ),
        )
        .orderBy(asc(orders.id))
        .limit(limit);
    },

    /** A customer's unpaid orders (grace, suspended): tried at once when money arrives. */
    async unpaid(userId: string) {
      return db
        .select({ id: orders.id, userId: orders.userId })
        .from(orders)
        .where(and(eq(orders.userId, userId), inArray(orders.status, ['grace', 'suspended'])));
    },

    /**
     * Everyone with a renewal within `days` that will renew: their balance and those
     * items, for the reminders.
     */
    async renewingSoon(now: Date) {
      const until = new Date(now.getTime() + settings.reminderMs);
      return db
        .select({
          order: orders,
          balance: users.cryptoBalance,
          held: users.held,
        })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(
          and(
            inArray(orders.status, ['active', 'grace']),
            eq(orders.autoRenew, true),
            isNotNull(orders.renewalCharge),
            lte(orders.renewsAt, until),
          ),
        )
        .orderBy(orders.userId);
    },

    /** Writes a reminder unless one was written for this period. */
    async remind(
      order: OrderRow,
      period: number,
      params: { amount: string; renewsAt: string; shortfall: string },
      now: Date,
    ) {
      return insertNotification(db, {
        userId: order.userId,
        ...notice('renewal.reminder', { item: order.name, ...params }),
        key: `renewal.reminder:${order.id}:${period}`,
        email: true,
        at: now,
      });
    },

    /** The customer's monthly items (ended ones of the last 90 days too), and their money. */
    async mine(userId: string, now: Date) {
      const since = new Date(now.getTime() - 90 * 86_400_000);
      const items = await db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            isNotNull(orders.renewalCharge),
            or(
              sql`${orders.status} <> 'cancelled'`,
              sql`${orders.endedAt} >= ${timestamptz(since)}`,
            ),
          ),
        )
        .orderBy(asc(orders.createdAt));
      const [user] = await db
        .select({ balance: users.cryptoBalance, held: users.held })
        .from(users)
        .where(eq(users.id, userId));
      // SMS and calls of the last 30 days, net of refunds: the usage trend.
      const usage = await db.execute(sql`
        select coalesce(-sum(amount), 0)::numeric(20, 4)::text as spent
        from ledger_entries
        where user_id = ${userId} and kind in ('charge', 'refund')
          and created_at >= ${timestamptz(new Date(now.getTime() - 30 * 86_400_000))}`);
      const spent30 = rowsOf<{ spent: string }>(usage)[0]?.spent ?? '0';
      return { items, user: user ?? { balance: '0', held: '0' }, spent30 };
    },

    async byId(id: string) {
      const [row] = await db
        .select({ order: orders, email: users.email })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, id));
      return row ?? null;
    },

    /**
     * Switches renewal off or on. Off for an item in grace or suspended ends it now (there
     * is no paid period left to run to); a one-off or ended item cannot change.
     */
    async setAutoRenew(userId: string, id: string, autoRenew: boolean, now: Date) {
      return db.transaction(async (tx) => {
        const locked = await lockOrder(tx, userId, id);
        if (!locked) return { error: 'not-found' as const };
        const { order } = locked;
        if (order.renewalCharge === null || order.status === 'cancelled')
          return { error: 'state' as const, order };
        if (!autoRenew && order.status !== 'active') {
          const done = await apply(tx, order, { kind: 'end', at: now, why: 'ended' }, '0', now);
          return { outcome: { ...done, changed: true } };
        }
        const [after] = await tx
          .update(orders)
          .set({ autoRenew })
          .where(eq(orders.id, id))
          .returning();
        return { outcome: { order: after as OrderRow, changed: true, notices: [] } };
      });
    },

    /**
     * Pays an item in grace or suspended and resumes it: the period now running is
     * charged once (periods missed while suspended are not), and renewal goes on from
     * the purchase's anniversary.
     */
    async reactivate(userId: string, id: string, now: Date) {
      return db.transaction(async (tx) => {
        const locked = await lockOrder(tx, userId, id);
        if (!locked) return { error: 'not-found' as const };
        const { order, user } = locked;
        const amount = renewalAmount(order);
        if (amount === null || (order.status !== 'grace' && order.status !== 'suspended'))
          return { error: 'state' as const, order };
        if (!compareOk(subtract(user.balance, user.held, 4), amount))
          return { error: 'balance' as const, order, amount };
        const period = reactivationPeriod(order as RenewalState, now);
        await charge(tx, order, period, amount);
        const renewsAt = monthlyPeriodStart(order.createdAt, period + 1);
        const [after] = await tx
          .update(orders)
          .set({ ...paidUpTo(period, renewsAt), autoRenew: true })
          .where(eq(orders.id, id))
          .returning();
        const told = await insertNotification(tx, {
          userId,
          ...notice('subscription.reactivated', {
            item: order.name,
            amount,
            renewsAt: renewsAt.toISOString(),
          }),
          key: `subscription.reactivated:${id}:${period}`,
          at: now,
        });
        return {
          outcome: { order: after as OrderRow, changed: true, notices: told ? [told] : [] },
        };
      });
    },

    ...createRenewalsAdminRepo(db),
  };
}
export type RenewalsRepo = ReturnType<typeof createRenewalsRepo>;
