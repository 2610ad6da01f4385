import { compareDecimal, notice } from '@parley/shared';
import { and, eq } from 'drizzle-orm';
import { applyLedgerEntry, type Tx } from '../../db/ledger.js';
import { insertNotification, type NotificationRow } from '../../db/notifications.js';
import { didNumbers, orders } from '../../db/schema/index.js';
import { enqueueWebhook, type WebhookData } from '../../db/webhooks.js';
import { type OrderRow, paidUpTo } from './renewal-locks.repo.js';
import { type RenewalSettings, type RenewalStep, releaseTime } from './renewal-rules.js';

const iso = (d: Date | null | undefined) => d?.toISOString() ?? '';

/** Releases a number to the shop when its order ends. */
async function release(tx: Tx, order: OrderRow) {
  if (order.itemKind !== 'number') return;
  await tx
    .update(didNumbers)
    .set({ status: 'available' })
    .where(and(eq(didNumbers.id, order.itemId), eq(didNumbers.status, 'assigned')));
}

/** A period's charge; a free item's period is simply marked paid (no £0 ledger row). */
export async function chargePeriod(tx: Tx, order: OrderRow, period: number, amount: string) {
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
export async function applyStep(
  tx: Tx,
  settings: RenewalSettings,
  order: OrderRow,
  step: RenewalStep,
  amount: string,
  now: Date,
): Promise<{ order: OrderRow; notices: NotificationRow[] }> {
  const notices: (NotificationRow | null)[] = [];
  const tell = (what: ReturnType<typeof notice>, key: string, email: boolean) =>
    insertNotification(tx, { userId: order.userId, ...what, key, email, at: now }).then((row) =>
      notices.push(row),
    );
  const item = order.name;
  const hook = (event: 'subscription.renewed' | 'subscription.suspended', more: WebhookData) =>
    enqueueWebhook(tx, order.userId, event, { orderId: order.id, item, ...more }, now);
  const set = (values: Partial<OrderRow>) =>
    tx.update(orders).set(values).where(eq(orders.id, order.id)).returning();
  let rows: OrderRow[] = [];
  switch (step.kind) {
    case 'charge':
      await chargePeriod(tx, order, step.period, amount);
      rows = await set(paidUpTo(step.period, step.renewsAt));
      await tell(
        notice('renewal.charged', { item, amount, renewsAt: iso(step.renewsAt) }),
        `renewal.charged:${order.id}:${step.period}`,
        false,
      );
      await hook('subscription.renewed', { amount, currency: 'GBP', renewsAt: iso(step.renewsAt) });
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
      const numberReleaseAt = order.itemKind === 'number' ? iso(releaseAt) : null;
      await hook('subscription.suspended', { amount, currency: 'GBP', releaseAt: numberReleaseAt });
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
