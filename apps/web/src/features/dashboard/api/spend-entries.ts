import type { Order, Transaction } from '@parley/shared';
import type { SpendEntry } from '@parley/shared/domain';

/**
 * What the customer spent, for the statistics: purchases paid in crypto (their value
 * in the billing currency; only approved or confirmed ones count) and orders paid from
 * the balance (the amount charged; the charge happened at purchase, so every such order
 * counts, cancelled later or not). Top-ups are not spending: they fill the balance.
 * Orders paid in crypto are left out: their money is the purchase transaction above.
 */
export function spendEntriesOf(
  transactions: readonly Transaction[],
  orders: readonly Order[],
): SpendEntry[] {
  return [
    ...transactions
      .filter((t) => t.kind === 'purchase')
      .map((t) => ({
        amount: t.creditAmount,
        serviceName: t.serviceName,
        at: t.createdAt,
        status: t.status,
      })),
    ...orders
      .filter((o) => o.paidWith === 'balance')
      .map((o) => ({
        amount: o.charged,
        serviceName: o.name,
        at: o.createdAt,
        status: 'approved',
      })),
  ];
}
