import { uncoveredRenewals } from '@parley/shared';
import type { EventBus } from '../../lib/event-bus.js';
import type { RenewalSettings } from './renewal-rules.js';
import { publishOutcome, renewing } from './renewal-view.js';
import type { RenewalsRepo } from './renewals.repo.js';

const DAY_MS = 86_400_000;
/** Orders taken per pass; the next pass takes the rest. */
const BATCH = 200;

/** The renewal job's pass (every due order once, then reminders) and a top-up's retry. */
export function createRenewalJob(deps: {
  repo: Pick<RenewalsRepo, 'settle' | 'due' | 'unpaid' | 'renewingSoon' | 'remind'>;
  events: EventBus;
  settings: RenewalSettings;
  now: () => Date;
  log: { error(obj: unknown, msg: string): void };
}) {
  const { repo, events, settings, now } = deps;
  const publish = (outcome: Parameters<typeof publishOutcome>[1]) =>
    publishOutcome(events, outcome);

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
    const due: Parameters<typeof repo.remind>[0] = [];
    for (const list of byUser.values()) {
      const first = list[0];
      if (!first) continue;
      const rows = new Map(list.map((r) => [r.order.id, r]));
      const short = uncoveredRenewals({
        available: first.available,
        items: renewing(list.map((r) => r.order)),
        now: at,
        days: settings.reminderMs / DAY_MS,
      });
      for (const s of short) {
        const row = rows.get(s.id);
        const order = row?.order;
        if (order?.status !== 'active') continue; // grace has its own notices
        if (row?.reminded && s.period === order.paidThrough + 1) continue; // written before
        const params = { amount: s.amount, renewsAt: s.at.toISOString(), shortfall: s.shortfall };
        due.push({ order, period: s.period, params });
      }
    }
    if (due.length === 0) return 0;
    // One order of rows for every instance: two writing the same new reminders in
    // different orders could deadlock.
    due.sort(
      (x, y) =>
        x.order.userId.localeCompare(y.order.userId) ||
        x.order.id.localeCompare(y.order.id) ||
        x.period - y.period,
    );
    const written = await repo.remind(due, at);
    for (const notice of written)
      events.publish({
        type: 'notification.created',
        data: { userId: notice.userId, id: notice.id, code: notice.code },
      });
    return written.length;
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
  };
}
