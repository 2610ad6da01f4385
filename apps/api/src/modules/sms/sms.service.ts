import {
  type CountryPricing,
  moneyText,
  type SenderChoice,
  type SmsHistory,
  type SmsMessage,
} from '@parley/shared';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { CacheGroup } from '../../lib/short-cache.js';
import type { RatesService } from '../payments/rates.service.js';
import type { SmsRepo } from './sms.repo.js';
import { createSmsBulk } from './sms-bulk.js';
import type { SmsHistoryRow } from './sms-history.repo.js';
import { createSmsPricing } from './sms-pricing.js';
import { createSmsQueue, toSmsMessage } from './sms-queue.js';
import { createSmsQuota } from './sms-quota.js';
import { createSmsSend } from './sms-send.js';

export { toSmsMessage };

const toHistoryItem = (r: SmsHistoryRow): SmsMessage => ({
  ...r,
  status: r.status as SmsMessage['status'],
  cost: moneyText(r.cost),
});

/**
 * SMS: priced per segment by destination (sms-pricing.ts), counted against the
 * customer's minute (sms-quota.ts), charged before anything is sent and queued for the
 * outbox worker (sms-queue.ts), one message (sms-send.ts) or a list (sms-bulk.ts). The
 * balance's CHECK constraint is what makes concurrent sends safe.
 */
export function createSmsService(deps: {
  repo: SmsRepo;
  rates: RatesService;
  countryPricing: () => Promise<CountryPricing[]>;
  /** The instance's price caches, cleared together when a price or rate changes. */
  caches?: Pick<CacheGroup, 'add'>;
  /** Which sender a customer's message goes out with (sender-ids.service.ts). */
  senders: { choose(userId: string, requested: string): Promise<SenderChoice> };
  /** Messages per customer per minute, counted on every instance (SMS_PER_MINUTE). */
  limit?: RateLimiter;
  /** Called after messages are queued, so the worker sends them at once. */
  wake?: () => void;
  now?: () => Date;
}) {
  const { repo, senders } = deps;
  const now = deps.now ?? (() => new Date());
  const { price, one } = createSmsPricing(deps);
  const takeQuota = createSmsQuota(deps.limit);
  const queue = createSmsQueue({ repo, wake: deps.wake, now });
  return {
    ...createSmsSend({ repo, senders, one, queue, takeQuota, now }),
    ...createSmsBulk({ repo, senders, price, queue, takeQuota, now }),

    async history(userId: string, page: number, pageSize: number): Promise<SmsHistory> {
      const { items, total } = await repo.history(userId, page, pageSize);
      return { items: items.map(toHistoryItem), total, page, pageSize };
    },
  };
}
export type SmsService = ReturnType<typeof createSmsService>;
