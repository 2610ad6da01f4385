import {
  add,
  type BulkBatch,
  type BulkPreview,
  type bulkPreviewInputSchema,
  type bulkSendInputSchema,
  moneyText,
  type SenderChoice,
  utcDayStart,
} from '@parley/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { premiumDestination } from '../../lib/premium-destination.js';
import { sortBulkLines } from './bulk-lines.js';
import { readRecipients } from './recipients.js';
import type { SmsRepo } from './sms.repo.js';
import type { SmsPricing } from './sms-pricing.js';
import type { QueueSms } from './sms-queue.js';
import type { TakeQuota } from './sms-quota.js';

/** Many messages: a list's preview, its send as one batch, and the batch's progress. */
export function createSmsBulk(deps: {
  repo: Pick<SmsRepo, 'spending' | 'batch'>;
  senders: { choose(userId: string, requested: string): Promise<SenderChoice> };
  price: SmsPricing['price'];
  queue: QueueSms;
  takeQuota: TakeQuota;
  now: () => Date;
}) {
  const { repo, senders, price } = deps;
  return {
    async bulkPreview(
      userId: string,
      input: z.output<typeof bulkPreviewInputSchema>,
    ): Promise<BulkPreview> {
      const { recipients, invalid: unreadable } = readRecipients(input.file);
      const { shape, priced } = await price(
        recipients.map((r) => r.value),
        input.message,
      );
      const { limits } = await repo.spending(userId, utcDayStart(deps.now()));
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
      const giveBack = await deps.takeQuota(userId, list.length);
      try {
        const { batchId, messages } = await deps.queue(
          userId,
          sender.used,
          input.message,
          list,
          true,
        );
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
