import type { Renewing, Subscription } from '@parley/shared';
import type { EventBus } from '../../lib/event-bus.js';
import type { SubscriptionRow } from './renewal-locks.repo.js';
import { type RenewalSettings, releaseTime, renewalAmount } from './renewal-rules.js';
import type { RenewalOutcome } from './renewals.repo.js';

/** Tells the streams what a renewal changed: the subscription, and each notice written. */
export function publishOutcome(events: EventBus, outcome: RenewalOutcome | null) {
  if (!outcome?.changed) return;
  const { order } = outcome;
  events.publish({
    type: 'subscription.updated',
    data: {
      userId: order.userId,
      orderId: order.id,
      status: order.status,
      renewsAt: order.renewsAt?.toISOString() ?? null,
    },
  });
  for (const n of outcome.notices)
    events.publish({
      type: 'notification.created',
      data: { userId: n.userId, id: n.id, code: n.code },
    });
}

/** An order as the customer's (and the admin's) list shows it. */
export function toSubscription(o: SubscriptionRow, settings: RenewalSettings): Subscription {
  return {
    id: o.id,
    itemKind: o.itemKind as Subscription['itemKind'],
    itemId: o.itemId,
    name: o.name,
    amount: renewalAmount(o) ?? '0.00',
    status: o.status as Subscription['status'],
    autoRenew: o.autoRenew,
    renewsAt: o.renewsAt?.toISOString() ?? null,
    graceUntil: o.graceUntil?.toISOString() ?? null,
    suspendedAt: o.suspendedAt?.toISOString() ?? null,
    releaseAt: o.status === 'suspended' ? (releaseTime(o, settings)?.toISOString() ?? null) : null,
    endedAt: o.endedAt?.toISOString() ?? null,
    createdAt: o.createdAt.toISOString(),
  };
}

/** The items that will renew, as the runway and the reminders count them. */
export const renewing = (rows: SubscriptionRow[]): Renewing[] =>
  rows.flatMap((o) => {
    const amount = renewalAmount(o);
    const live = o.status === 'active' || o.status === 'grace';
    return amount && live && o.autoRenew && o.renewsAt
      ? [{ id: o.id, anchor: o.createdAt, next: o.paidThrough + 1, amount }]
      : [];
  });
