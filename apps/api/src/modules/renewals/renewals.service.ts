import {
  add,
  compareDecimal,
  divide,
  localizeSoldName,
  renewalsUntil,
  runwayDays,
  type Subscriptions,
  subtract,
} from '@parley/shared';
import { AppError } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/event-bus.js';
import { createRenewalsAdmin, notFound, wrongState } from './renewal-admin.js';
import { createRenewalJob } from './renewal-job.js';
import type { SubscriptionRow } from './renewal-locks.repo.js';
import type { RenewalSettings } from './renewal-rules.js';
import { publishOutcome, renewing, toSubscription as toSubscriptionOf } from './renewal-view.js';
import type { RenewalOutcome, RenewalsRepo } from './renewals.repo.js';

const DAY_MS = 86_400_000;

/**
 * Monthly renewals: the job that charges each period once, grace, suspension and the
 * end (renewal-job.ts); a top-up retries what is in grace; customers switch renewal off
 * and on and reactivate; admins extend grace or waive a period (renewal-admin.ts). Every
 * change is published on the streams, and its notice is told to the customer.
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
  const publish = (outcome: RenewalOutcome | null) => publishOutcome(events, outcome);
  const toSubscription = (o: SubscriptionRow) => toSubscriptionOf(o, settings);
  const job = createRenewalJob({ ...deps, now });
  const admin = createRenewalsAdmin({ ...deps, now });

  return {
    ...job,

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

    ...admin,
  };
}
export type RenewalsService = ReturnType<typeof createRenewalsService>;
