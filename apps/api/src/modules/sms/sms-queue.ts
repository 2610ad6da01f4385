import {
  add,
  MIN_SMS_BALANCE,
  moneyText,
  type SmsMessage,
  smsShape,
  utcDayStart,
} from '@parley/shared';
import { AppError } from '../../lib/app-error.js';
import type { SmsRepo, SpendingState } from './sms.repo.js';
import { chargeRefusal, refusedError } from './sms-limits.js';
import type { QueuedSms } from './sms-rows.repo.js';

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
export class DuplicateIdError extends Error {}

export const insufficient = () =>
  new AppError(
    'INSUFFICIENT_BALANCE',
    'Insufficient Balance: You need to have credits in your account to send an SMS',
  );

/** A priced message to queue, with the request's id and fingerprint when it has one. */
export interface PricedSms {
  id?: string;
  requestHash?: string;
  recipient: string;
  country: string;
  unitPrice: string;
  priceCurrency: string;
  cost: string;
  rate: string | null;
  unitGbp: string;
}

/**
 * Charges and queues priced messages, all or none: the repo reads the customer's
 * spending, the service judges it (sms-limits.ts) and the repo writes only while the
 * facts judged still hold (else it answers the new facts, judged again).
 */
export function createSmsQueue(deps: {
  repo: Pick<SmsRepo, 'queue'>;
  wake?: () => void;
  now: () => Date;
}) {
  const { repo } = deps;
  return async function queue(
    userId: string,
    senderId: string,
    message: string,
    list: PricedSms[],
    asBatch: boolean,
  ) {
    const shape = smsShape(message);
    const total = list.reduce((sum, m) => add(sum, m.cost, 4), '0');
    const dayStart = utcDayStart(deps.now());
    // The id last: fields after a spread of a filled object are slow (lib/with-fields.ts).
    const rows = list.map((m) => ({
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
      ...(m.id ? { id: m.id, requestHash: m.requestHash } : {}),
    }));
    const charge = {
      amount: total,
      // One rate for the row only when every message used the same one.
      rate: new Set(list.map((m) => m.rate)).size === 1 ? (list[0]?.rate ?? null) : null,
      note: asBatch ? `${list.length} SMS` : `SMS to ${list[0]?.recipient}`,
      minBalance: MIN_SMS_BALANCE,
    };
    let judged: SpendingState | null = null;
    for (;;) {
      const result = await repo.queue(userId, rows, charge, asBatch, { dayStart, judged });
      if (!result.ok && result.reason === 'judge') {
        const refused = chargeRefusal(result.facts, list, total);
        if (refused === 'balance-too-low') throw insufficient();
        if (refused) throw refusedError(refused, asBatch);
        judged = result.facts;
        continue;
      }
      // Another send spent the money in between: the ledger refused this one.
      if (!result.ok && result.reason === 'balance-too-low') throw insufficient();
      if (!result.ok) throw new DuplicateIdError('sms: an id of this request is taken');
      deps.wake?.();
      return result;
    }
  };
}
export type QueueSms = ReturnType<typeof createSmsQueue>;
