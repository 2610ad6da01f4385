import { notice, subtract } from '@parley/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { insertNotification, type NotificationRow } from '../../db/notifications.js';
import { orders } from '../../db/schema/index.js';
import { packageNames } from '../orders/orders.store.js';
import { applyStep, chargePeriod } from './renewal-apply.repo.js';
import { lockOrder, type OrderRow, paidUpTo } from './renewal-locks.repo.js';
import { createRenewalReadsRepo } from './renewal-reads.repo.js';
import {
  autoRenewChange,
  balanceCovers,
  type RenewalSettings,
  type RenewalState,
  reactivation,
  renewalAmount,
  renewalStep,
} from './renewal-rules.js';
import { createRenewalsAdminRepo } from './renewals-admin.repo.js';

export type { OrderRow } from './renewal-locks.repo.js';

/** What a renewal transaction changed: the order after it, and the notices it wrote. */
export interface RenewalOutcome {
  order: OrderRow;
  changed: boolean;
  notices: NotificationRow[];
}

/** The most steps one order takes in one pass (a year of missed renewals caught up). */
const MAX_STEPS = 24;

export function createRenewalsRepo(db: Db, settings: RenewalSettings) {
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
        const covers = balanceCovers(available, amount);
        const step = renewalStep(order as RenewalState, now, covers, settings, topUp && i === 0);
        if (step.kind === 'none') break;
        const done = await applyStep(tx, settings, order, step, amount, now);
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
    ...createRenewalReadsRepo(db, settings),

    /**
     * Switches renewal off or on. Off for an item in grace or suspended ends it now (there
     * is no paid period left to run to); a one-off or ended item cannot change.
     */
    async setAutoRenew(userId: string, id: string, autoRenew: boolean, now: Date) {
      return db.transaction(async (tx) => {
        const locked = await lockOrder(tx, userId, id);
        if (!locked) return { error: 'not-found' as const };
        const { order } = locked;
        const change = autoRenewChange(order, autoRenew);
        if (change === 'refused') return { error: 'state' as const, order };
        if (change === 'end') {
          const done = await applyStep(
            tx,
            settings,
            order,
            { kind: 'end', at: now, why: 'ended' },
            '0',
            now,
          );
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
        const paid = reactivation(
          order as OrderRow & RenewalState,
          subtract(user.balance, user.held, 4),
          now,
        );
        if (!paid.ok)
          return paid.refusal === 'balance'
            ? { error: 'balance' as const, order, amount: paid.amount }
            : { error: 'state' as const, order };
        const { amount, period, renewsAt } = paid;
        await chargePeriod(tx, order, period, amount);
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
