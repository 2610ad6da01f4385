import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ledgerMove } from '../../db/ledger.js';
import { rowsOf } from '../../db/raw.js';
import { accountGuardrails, smsMessages } from '../../db/schema/index.js';
import type { NewSms, QueuedSms, SmsCharge } from './sms-rows.repo.js';

export type { QueuedSms };

/**
 * One message queued and charged in a single statement, for a customer who has set no
 * spending limits (nothing to judge first): the balance moves through the ledger's move
 * (only from at least `minBalance`, never below zero by its CHECK), and the message is
 * written from that move, so all three happen or none. With no transaction around it,
 * the customer's row is locked only while the database runs it, not across round trips
 * to the server: a customer's sends do not queue behind each other's network latency.
 * A CHECK or unique violation is thrown as the database raised it.
 */
export async function chargeOneMessage(
  db: Db,
  userId: string,
  row: Omit<NewSms, 'userId' | 'batchId'>,
  charge: SmsCharge,
): Promise<QueuedSms | 'balance-too-low' | 'has-limits'> {
  const id = row.id ?? randomUUID();
  const limits = sql`exists (select 1 from ${accountGuardrails} where user_id = ${userId}::uuid)`;
  const move = ledgerMove(
    {
      userId,
      amount: `-${charge.amount}`,
      currency: 'GBP',
      kind: 'charge',
      reference: `sms:${id}`,
      rate: charge.rate,
      note: charge.note,
      minBalanceBefore: charge.minBalance,
    },
    sql` and not ${limits}`,
  );
  const result = await db.execute(sql`
    with ${move}, queued as (
      insert into ${smsMessages} (id, user_id, sender_id, recipient, message, encoding,
        segments, country_code, unit_price, price_currency, cost, rate, reference, request_hash)
      select ${id}::uuid, ${userId}::uuid, ${row.senderId}, ${row.recipient}, ${row.message},
        ${row.encoding}, ${row.segments}::int, ${row.countryCode}, ${row.unitPrice}::numeric,
        ${row.priceCurrency}, ${row.cost}::numeric, ${row.rate ?? null}::numeric,
        ${row.reference}::int, ${row.requestHash ?? null}
      from moved
      returning id, status, cost, created_at
    )
    select ${limits} as limited, queued.id, queued.status, queued.cost::text as cost,
      queued.created_at::text as created_at
    from (select 1) as one left join queued on true`);
  const [done] = rowsOf<{
    limited: boolean;
    id: string | null;
    status: string;
    cost: string;
    created_at: string;
  }>(result);
  if (!done?.id) return done?.limited ? 'has-limits' : 'balance-too-low';
  return {
    id: done.id,
    senderId: row.senderId,
    recipient: row.recipient,
    message: row.message,
    status: done.status,
    encoding: row.encoding,
    segments: row.segments,
    cost: done.cost,
    error: null,
    batchId: null,
    createdAt: new Date(done.created_at),
  };
}
