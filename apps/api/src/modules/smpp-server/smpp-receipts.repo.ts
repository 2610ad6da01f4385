import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw.js';
import type { ReceiptFacts } from './smpp-receipt-pdu.js';

/** A receipt taken for sending: its account and what its deliver_sm says. */
export interface ClaimedReceipt extends ReceiptFacts {
  accountId: string;
}

interface Row {
  id: string;
  account_id: string;
  source: string;
  destination: string;
  status: string | null;
  created_ms: number | string;
  done_ms: number | string | null;
  text: string | null;
}

/**
 * Receipts due to bound receivers: a submit whose SMS reached a final state (or that
 * never went out), asked for by its registered_delivery and still within its validity.
 * A claim holds it for `leaseMs` (SKIP LOCKED: two instances never take the same one);
 * one not acknowledged in that time is sent again, as SMPP receipts may be.
 */
export function createSmppReceiptsRepo(db: Db) {
  return {
    async claim(accountIds: string[], leaseMs: number, limit: number): Promise<ClaimedReceipt[]> {
      if (accountIds.length === 0) return [];
      const ids = sql.join(
        accountIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      const result = await db.execute(sql`
        with due as (
          select s.id,
            case when s.refused is null then m.status end as status,
            case when s.refused is null then (extract(epoch from m.done_at) * 1000)::float8 end as done_ms,
            m.message as text
          from smpp_submits s
          left join sms_messages m on m.id = s.message_id
          where s.account_id in (${ids})
            and s.receipt_sent_at is null and s.registered_delivery > 0
            and s.valid_until > now()
            and (s.receipt_claimed_until is null or s.receipt_claimed_until < now())
            and (s.refused is not null or m.status in ('delivered', 'failed', 'expired'))
            and not (s.registered_delivery = 2 and s.refused is null and m.status = 'delivered')
          order by s.created_at
          limit ${limit}
          for update of s skip locked
        )
        update smpp_submits s
        set receipt_claimed_until = now() + ${`${leaseMs} milliseconds`}::interval
        from due
        where s.id = due.id
        returning s.id::text as id, s.account_id::text as account_id, s.source, s.destination,
          (extract(epoch from s.created_at) * 1000)::float8 as created_ms,
          due.status, due.done_ms, due.text`);
      return rowsOf<Row>(result).map((r) => ({
        id: r.id,
        accountId: r.account_id,
        source: r.source,
        destination: r.destination,
        status: r.status,
        submittedAt: new Date(Number(r.created_ms)),
        doneAt: r.done_ms === null ? null : new Date(Number(r.done_ms)),
        text: r.text ?? '',
      }));
    },

    async sent(id: string) {
      await db.execute(sql`update smpp_submits set receipt_sent_at = now() where id = ${id}`);
    },

    /** Not acknowledged (the session fell): another bind may take it at once. */
    async release(id: string) {
      await db.execute(
        sql`update smpp_submits set receipt_claimed_until = null where id = ${id} and receipt_sent_at is null`,
      );
    },
  };
}
export type SmppReceiptsRepo = ReturnType<typeof createSmppReceiptsRepo>;
