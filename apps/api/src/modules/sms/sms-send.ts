import {
  destinationRefusal,
  moneyText,
  type SenderChoice,
  type SmsQuote,
  type SmsSent,
  senderKey,
  type smsSendSchema,
  utcDayStart,
} from '@parley/shared';
import type { z } from 'zod';
import { guardrailError } from '../../lib/guardrail-error.js';
import { checkSameRequest, keyReused, requestFingerprint } from '../../lib/idempotency.js';
import { withFields } from '../../lib/with-fields.js';
import type { SmsRepo } from './sms.repo.js';
import { balanceShort } from './sms-limits.js';
import type { NumberField, SmsPricing } from './sms-pricing.js';
import { DuplicateIdError, insufficient, type QueueSms, toSmsMessage } from './sms-queue.js';
import type { TakeQuota } from './sms-quota.js';

type SendInput = z.output<typeof smsSendSchema>;

/** One message: its quote, its send (once per request id) and whether it could be sent. */
export function createSmsSend(deps: {
  repo: Pick<SmsRepo, 'spending' | 'findMessage'>;
  senders: { choose(userId: string, requested: string): Promise<SenderChoice> };
  one: SmsPricing['one'];
  queue: QueueSms;
  takeQuota: TakeQuota;
  now: () => Date;
}) {
  const { repo, senders, one } = deps;
  return {
    async quote(userId: string, input: SendInput): Promise<SmsQuote> {
      const { shape, p } = await one(input.recipient, input.message);
      const { limits } = await repo.spending(userId, utcDayStart(deps.now()));
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
        return withFields(toSmsMessage(row), { sender });
      };
      const earlier = await replay();
      if (earlier) return earlier;
      const { p } = await one(input.recipient, input.message);
      const sender = await senders.choose(userId, input.senderId);
      const giveBack = await deps.takeQuota(userId, 1);
      try {
        const { messages } = await deps.queue(
          userId,
          sender.used,
          input.message,
          [{ ...p, id: input.requestId, requestHash }],
          false,
        );
        const [row] = messages;
        if (!row) throw new Error('sms: queue returned no row');
        return withFields(toSmsMessage(row), { sender });
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
      const state = await repo.spending(userId, utcDayStart(deps.now()));
      if (balanceShort(state, p.cost)) throw insufficient();
      return p.recipient;
    },
  };
}
