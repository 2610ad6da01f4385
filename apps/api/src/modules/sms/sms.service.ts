import {
  add,
  type BulkBatch,
  type BulkPreview,
  type bulkPreviewInputSchema,
  type bulkSendInputSchema,
  type CountryPricing,
  destinationRefusal,
  MIN_SMS_BALANCE,
  moneyText,
  type SenderChoice,
  type SmsHistory,
  type SmsMessage,
  type SmsQuote,
  type SmsSent,
  senderKey,
  type smsSendSchema,
  smsShape,
  utcDayStart,
} from '@parley/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { guardrailError } from '../../lib/guardrail-error.js';
import { checkSameRequest, keyReused, requestFingerprint } from '../../lib/idempotency.js';
import { premiumDestination } from '../../lib/premium-destination.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { CacheGroup } from '../../lib/short-cache.js';
import type { RatesService } from '../payments/rates.service.js';
import { sortBulkLines } from './bulk-lines.js';
import { readRecipients } from './recipients.js';
import type { SmsRepo } from './sms.repo.js';
import type { QueuedSms } from './sms-charge.repo.js';
import { balanceShort, judge, refusedError } from './sms-limits.js';
import { createSmsPricing, type NumberField } from './sms-pricing.js';

type SendInput = z.output<typeof smsSendSchema>;

export const toSmsMessage = (r: QueuedSms): SmsMessage => ({
  id: r.id,
  senderId: r.senderId,
  recipient: r.recipient,
  message: r.message,
  status: r.status as SmsMessage['status'],
  encoding: r.encoding,
  segments: r.segments,
  cost: moneyText(r.cost),
  error: r.error,
  batchId: r.batchId,
  createdAt: r.createdAt.toISOString(),
});

/** An id of the request is taken: the customer's own (a replay) or another's. */
class DuplicateIdError extends Error {}

const insufficient = () =>
  new AppError(
    'INSUFFICIENT_BALANCE',
    'Insufficient Balance: You need to have credits in your account to send an SMS',
  );

/**
 * SMS: priced per segment by destination, charged before anything is sent, queued for
 * the outbox worker. The balance's CHECK constraint is what makes concurrent sends safe.
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

  /**
   * Counts `n` messages against the customer's minute, before anything is charged: all
   * of them or none (a refused request costs nothing). Returns how to give them back.
   */
  async function takeQuota(userId: string, n: number) {
    const { limit } = deps;
    if (!limit) return async () => {};
    const max = limit.rule.max;
    if (n > max)
      throw new AppError(
        'SMS_BATCH_OVER_RATE_LIMIT',
        `At most ${max} messages can be sent a minute: split the list into smaller batches.`,
      );
    await limit.take(
      userId,
      n,
      'SMS_RATE_LIMITED',
      `Too many messages: at most ${max} a minute. Please wait and try again.`,
    );
    return () => limit.giveBack(userId, n);
  }

  async function queue(
    userId: string,
    senderId: string,
    message: string,
    list: {
      id?: string;
      requestHash?: string;
      recipient: string;
      country: string;
      unitPrice: string;
      priceCurrency: string;
      cost: string;
      rate: string | null;
      unitGbp: string;
    }[],
    asBatch: boolean,
  ) {
    const shape = smsShape(message);
    const total = list.reduce((sum, m) => add(sum, m.cost, 4), '0');
    const dayStart = utcDayStart(now());
    const result = await repo.queue(
      userId,
      list.map((m) => ({
        ...(m.id ? { id: m.id, requestHash: m.requestHash } : {}),
        senderId,
        recipient: m.recipient,
        message,
        encoding: shape.encoding,
        segments: shape.segments,
        countryCode: m.country,
        unitPrice: m.unitPrice,
        priceCurrency: m.priceCurrency,
        cost: m.cost,
        rate: m.rate,
        reference: Math.floor(Math.random() * 256),
      })),
      {
        amount: total,
        // One rate for the row only when every message used the same one.
        rate: new Set(list.map((m) => m.rate)).size === 1 ? (list[0]?.rate ?? null) : null,
        note: asBatch ? `${list.length} SMS` : `SMS to ${list[0]?.recipient}`,
        minBalance: MIN_SMS_BALANCE,
      },
      asBatch,
      {
        dayStart,
        // The limits first, so a refusal says why before the balance is judged; the
        // ledger judges the balance again as it moves it.
        check: (state) => {
          const refused = judge(state, list, total);
          if (refused) return refused;
          return balanceShort(state, total) ? 'balance-too-low' : null;
        },
      },
    );
    if (!result.ok && result.reason === 'guardrail') throw refusedError(result.refused, asBatch);
    // Another send spent the money in between: the ledger refused this one.
    if (!result.ok && result.reason === 'balance-too-low') throw insufficient();
    if (!result.ok) throw new DuplicateIdError('sms: an id of this request is taken');
    deps.wake?.();
    return result;
  }

  return {
    async quote(userId: string, input: SendInput): Promise<SmsQuote> {
      const { shape, p } = await one(input.recipient, input.message);
      const { limits } = await repo.spending(userId, utcDayStart(now()));
      const refusal = destinationRefusal(limits, 'sms', p.country, p.unitGbp);
      if (refusal) throw guardrailError(refusal);
      return {
        sender: await senders.choose(userId, input.senderId),
        encoding: shape.encoding,
        segments: shape.segments,
        country: p.country,
        unitPrice: p.unitPrice,
        priceCurrency: p.priceCurrency,
        price: moneyText(p.cost),
      };
    },

    /**
     * With `requestId`, a repeated request returns the first message: sent and charged
     * once. The same id with a different request answers 422 IDEMPOTENCY_KEY_REUSED.
     */
    async send(userId: string, input: SendInput): Promise<SmsSent> {
      const key = input.requestId;
      const requestHash = key ? requestFingerprint(input, 'requestId') : undefined;
      // A repeated request answers with the message as sent, and the sender it used.
      const replay = async () => {
        const row = key && requestHash ? await repo.findMessage(userId, key) : undefined;
        if (row && requestHash) checkSameRequest(row.requestHash, requestHash, 'requestId');
        if (!row) return null;
        const now = await senders.choose(userId, input.senderId);
        const same = senderKey(now.used) === senderKey(row.senderId);
        const sender: SenderChoice = same
          ? now
          : { requested: now.requested, used: row.senderId, status: 'approved' };
        return { ...toSmsMessage(row), sender };
      };
      const earlier = await replay();
      if (earlier) return earlier;
      const { p } = await one(input.recipient, input.message);
      const sender = await senders.choose(userId, input.senderId);
      const giveBack = await takeQuota(userId, 1);
      try {
        const { messages } = await queue(
          userId,
          sender.used,
          input.message,
          [{ ...p, id: input.requestId, requestHash }],
          false,
        );
        const [row] = messages;
        if (!row) throw new Error('sms: queue returned no row');
        return { ...toSmsMessage(row), sender };
      } catch (err) {
        await giveBack();
        const again = await replay();
        if (again) return again;
        // The id is another customer's message.
        if (key && err instanceof DuplicateIdError) throw keyReused('requestId');
        throw err;
      }
    },

    /**
     * Whether the customer could send `message` to `recipient` now: the destination rules
     * and the balance a send meets (not their spending limits: nothing is charged). Throws
     * the refusal a send would answer (an invalid number reported on `field`); else the
     * number as the message would be addressed (E.164).
     */
    async checkSendable(userId: string, recipient: string, message: string, field?: NumberField) {
      const { p } = await one(recipient, message, field);
      const state = await repo.spending(userId, utcDayStart(now()));
      if (balanceShort(state, p.cost)) throw insufficient();
      return p.recipient;
    },

    async history(userId: string, page: number, pageSize: number): Promise<SmsHistory> {
      const { items, total } = await repo.history(userId, page, pageSize);
      return { items: items.map(toSmsMessage), total, page, pageSize };
    },

    async bulkPreview(
      userId: string,
      input: z.output<typeof bulkPreviewInputSchema>,
    ): Promise<BulkPreview> {
      const { recipients, invalid: unreadable } = readRecipients(input.file);
      const { shape, priced } = await price(
        recipients.map((r) => r.value),
        input.message,
      );
      const { limits } = await repo.spending(userId, utcDayStart(now()));
      const { valid, invalid: refused } = sortBulkLines(recipients, priced, limits);
      const invalid = [...unreadable, ...refused];
      invalid.sort((a, b) => a.line - b.line);
      const total = valid.reduce((sum, v) => add(sum, v.price, 4), '0');
      return {
        encoding: shape.encoding,
        segments: shape.segments,
        valid,
        invalid,
        total: moneyText(total),
        sender: await senders.choose(userId, input.senderId),
      };
    },

    async bulkSend(userId: string, input: z.output<typeof bulkSendInputSchema>) {
      const { priced: all } = await price(input.recipients, input.message);
      // One message a number, whichever way it was written (+44… or 44…).
      const seen = new Set<string>();
      const priced = all.filter((p) => !seen.has(p.recipient) && seen.add(p.recipient));
      const bad = priced.find((p) => !p.ok);
      if (bad) {
        const field = {
          path: 'body.recipients',
          code: 'RECIPIENT_REFUSED' as const,
          params: { recipient: bad.recipient },
          message: `Cannot send to ${bad.recipient}`,
        };
        if (bad.reason === 'premium-rate' || bad.reason === 'shared-cost') {
          const refused = premiumDestination(bad.reason);
          throw new AppError(refused.code, `${refused.message} (${bad.recipient})`, [field]);
        }
        throw new AppError('VALIDATION_FAILED', `Cannot send to ${bad.recipient}.`, [field]);
      }
      const list = priced.flatMap((p) => (p.ok ? [p] : []));
      const sender = await senders.choose(userId, input.senderId);
      const giveBack = await takeQuota(userId, list.length);
      try {
        const { batchId, messages } = await queue(userId, sender.used, input.message, list, true);
        return { batchId: batchId ?? '', count: messages.length, sender };
      } catch (err) {
        await giveBack();
        throw err;
      }
    },

    async batch(userId: string, id: string): Promise<BulkBatch> {
      const found = await repo.batch(userId, id);
      if (!found) throw new AppError('NOT_FOUND', 'No such batch.');
      const n = (status: string) => found.counts.find((c) => c.status === status)?.n ?? 0;
      return {
        id,
        total: found.batch.total,
        cost: moneyText(found.batch.cost),
        queued: n('queued') + n('sending'),
        sent: n('sent'),
        delivered: n('delivered'),
        // Expired messages were refunded too (decision 0014).
        failed: n('failed') + n('expired'),
        createdAt: found.batch.createdAt.toISOString(),
      };
    },
  };
}
export type SmsService = ReturnType<typeof createSmsService>;
