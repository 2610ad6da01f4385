import {
  type AdminSubscription,
  add,
  compareDecimal,
  divide,
  localizeSoldName,
  type Renewing,
  renewalsUntil,
  runwayDays,
  type Subscription,
  type Subscriptions,
  subtract,
  uncoveredRenewals,
} from '@parley/shared';
import { AppError } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/event-bus.js';
import type { RenewalSettings } from './renewal-rules.js';
import { releaseTime } from './renewal-rules.js';
import type { OrderRow, RenewalOutcome, RenewalsRepo } from './renewals.repo.js';
import { renewalAmount } from './renewals.repo.js';

const DAY_MS = 86_400_000;
/** Orders taken per pass; the next pass takes the rest. */
const BATCH = 200;

const notFound = () => new AppError('NOT_FOUND', 'No such subscription.');
const wrongState = (what: string) => new AppError('SUBSCRIPTION_STATE', what);

/**
 * Monthly renewals: the job that charges each period once, grace, suspension and the
 * end; a top-up retries what is in grace; customers switch renewal off and on and
 * reactivate; admins extend grace or waive a period. Every change is published on the
 * streams, and its notice is told to the customer.
 */
export function createRenewalsService(deps: {
  repo: RenewalsRepo;
  events: EventBus;
  settings: RenewalSettings;
  now?: () => Date;
  log: { error(obj: unknown, msg: string): void };
}) {
  const { repo, events, settings } = deps;
  const now = deps.now ?? (() => new Date());

  function publish(outcome: RenewalOutcome | null) {
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

  function toSubscription(o: OrderRow): Subscription {
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
      releaseAt:
        o.status === 'suspended' ? (releaseTime(o, settings)?.toISOString() ?? null) : null,
      endedAt: o.endedAt?.toISOString() ?? null,
      createdAt: o.createdAt.toISOString(),
    };
  }

  /** The items that will renew, as the runway and the reminders count them. */
  const renewing = (rows: OrderRow[]): Renewing[] =>
    rows.flatMap((o) => {
      const amount = renewalAmount(o);
      const live = o.status === 'active' || o.status === 'grace';
      return amount && live && o.autoRenew && o.renewsAt
        ? [{ id: o.id, anchor: o.createdAt, next: o.paidThrough + 1, amount }]
        : [];
    });

  async function settleOne(row: { id: string; userId: string }, at: Date, topUp = false) {
    try {
      const outcome = await repo.settle(row.userId, row.id, at, topUp);
      publish(outcome);
      return outcome?.changed ? 1 : 0;
    } catch (err) {
      deps.log.error({ err, orderId: row.id }, 'renewal failed');
      return 0;
    }
  }

  /** Reminders for renewals within the reminder window that the balance will not cover. */
  async function remind(at: Date) {
    const rows = await repo.renewingSoon(at);
    const byUser = new Map<string, typeof rows>();
    for (const r of rows) {
      const list = byUser.get(r.order.userId);
      if (list) list.push(r);
      else byUser.set(r.order.userId, [r]);
    }
    let sent = 0;
    for (const list of byUser.values()) {
      const first = list[0];
      if (!first) continue;
      const orders = new Map(list.map((r) => [r.order.id, r.order]));
      const short = uncoveredRenewals({
        available: subtract(first.balance, first.held, 4),
        items: renewing(list.map((r) => r.order)),
        now: at,
        days: settings.reminderMs / DAY_MS,
      });
      for (const s of short) {
        const order = orders.get(s.id);
        if (order?.status !== 'active') continue; // grace has its own notices
        const notice = await repo.remind(
          order,
          s.period,
          {
            amount: s.amount,
            renewsAt: s.at.toISOString(),
            shortfall: s.shortfall,
          },
          at,
        );
        if (notice) {
          sent += 1;
          events.publish({
            type: 'notification.created',
            data: { userId: notice.userId, id: notice.id, code: notice.code },
          });
        }
      }
    }
    return sent;
  }

  return {
    /** One pass of the job: every order with something due, then the reminders. */
    async runOnce() {
      const at = now();
      let changed = 0;
      // Each due order once per pass, in id order; one that fails waits for the next pass.
      let after: string | undefined;
      for (;;) {
        const due = await repo.due(at, BATCH, after);
        for (const row of due) changed += await settleOne(row, at);
        after = due.at(-1)?.id;
        if (due.length < BATCH) break;
      }
      const reminded = await remind(at);
      return { changed, reminded };
    },

    /** Money arrived for this customer: what is in grace is tried, what is suspended reactivated. */
    async topUp(userId: string) {
      const at = now();
      for (const row of await repo.unpaid(userId)) await settleOne(row, at, true);
    },

    /** The customer's items, a package named in the reader's language while it is sold so. */
    async mine(userId: string, lang?: string): Promise<Subscriptions> {
      const at = now();
      const { items, user, spent30 } = await repo.mine(userId, at);
      const names = await repo.packageNames(
        items.filter((o) => o.itemKind === 'package').map((o) => o.itemId),
      );
      const available = subtract(user.balance, user.held, 4);
      const renew = renewing(items);
      const within = renewalsUntil(renew, at, new Date(at.getTime() + 30 * DAY_MS));
      const dueIn30Days = within.reduce((sum, r) => add(sum, r.amount, 2), '0.00');
      const lack = subtract(dueIn30Days, available, 4);
      const dailyUsage = divide(
        compareDecimal(spent30, '0') > 0 ? spent30 : '0',
        '30',
        4,
        'half-up',
      );
      return {
        items: items.map((o) => ({
          ...toSubscription(o),
          name: localizeSoldName(o.name, names.get(o.itemId), lang),
        })),
        available,
        dueIn30Days,
        shortfall: compareDecimal(lack, '0') > 0 ? lack : '0.0000',
        dailyUsage,
        runwayDays: runwayDays({ available, items: renew, dailyUsage, now: at }),
      };
    },

    async setAutoRenew(userId: string, id: string, autoRenew: boolean) {
      const result = await repo.setAutoRenew(userId, id, autoRenew, now());
      if ('error' in result) {
        if (result.error === 'not-found') throw notFound();
        throw wrongState('This item does not renew: it is a one-off purchase or has ended.');
      }
      publish(result.outcome);
      return toSubscription(result.outcome.order);
    },

    async reactivate(userId: string, id: string) {
      const result = await repo.reactivate(userId, id, now());
      if ('error' in result) {
        if (result.error === 'not-found') throw notFound();
        if (result.error === 'balance')
          throw new AppError(
            'INSUFFICIENT_BALANCE',
            `Your balance does not cover £${result.amount}. Add funds first.`,
          );
        throw wrongState('Only an item in grace or suspended can be reactivated.');
      }
      publish(result.outcome);
      return toSubscription(result.outcome.order);
    },

    async adminList(filter: 'due' | 'grace' | 'suspended', page: number, pageSize: number) {
      const { rows, total } = await repo.adminList(filter, page, pageSize, now());
      const items: AdminSubscription[] = rows.map((r) => ({
        ...toSubscription(r.order),
        userId: r.order.userId,
        email: r.email,
      }));
      return { items, total, page, pageSize };
    },

    async extendGrace(id: string, days: number, actorId: string, ip: string | null) {
      await notOwn(id, actorId);
      const result = await repo.extendGrace(id, days, actorId, ip, now());
      return adminAnswer(result, 'Only an item in grace or suspended can have its grace extended.');
    },

    async waive(id: string, actorId: string, ip: string | null) {
      await notOwn(id, actorId);
      const result = await repo.waive(id, actorId, ip, now());
      return adminAnswer(result, 'This item has no period to waive.');
    },
  };

  /**
   * An admin never extends grace or waives a period of their own item, as they never
   * adjust their own balance: another admin must. An order's owner never changes, so
   * asking before the repo locks it is safe.
   */
  async function notOwn(id: string, actorId: string) {
    const row = await repo.byId(id);
    if (!row) throw notFound();
    if (row.order.userId === actorId)
      throw new AppError(
        'SELF_ADJUSTMENT_FORBIDDEN',
        'You cannot extend grace or waive a period of your own subscription.',
      );
  }

  async function adminAnswer(
    result: { error: 'not-found' | 'state' } | { outcome: RenewalOutcome },
    stateMessage: string,
  ): Promise<AdminSubscription> {
    if ('error' in result) {
      if (result.error === 'not-found') throw notFound();
      throw wrongState(stateMessage);
    }
    publish(result.outcome);
    const row = await repo.byId(result.outcome.order.id);
    if (!row) throw notFound();
    return { ...toSubscription(row.order), userId: row.order.userId, email: row.email };
  }
}
export type RenewalsService = ReturnType<typeof createRenewalsService>;
