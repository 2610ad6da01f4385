import type { SmsMessage } from '@parley/shared';
import type { Db } from '../../db/client.js';
import { asIsoText, pagedRead } from '../../db/raw.js';

/**
 * A page of the customer's messages, newest first, with the columns the answer shows and
 * times as it writes them. Exported so the bench's raw baseline runs these very
 * statements (docs/performance.md); run straight on the driver (decision 0033).
 */
export const SMS_HISTORY_SQL = `select id, sender_id as "senderId", recipient, message, status,
   encoding, segments, cost::text as cost, error, batch_id as "batchId",
   ${asIsoText('created_at')} as "createdAt"
 from sms_messages where user_id = $1
 order by created_at desc, id desc limit $2 offset $3`;
/** How many messages the customer has, for the pager. */
export const SMS_COUNT_SQL = 'select count(*)::int4 as n from sms_messages where user_id = $1';

/** A message as the history shows it, its cost still as stored. */
export type SmsHistoryRow = Omit<SmsMessage, 'status'> & { status: string };

export function createSmsHistoryRepo(db: Db) {
  return { history: pagedRead<SmsHistoryRow>(db, SMS_HISTORY_SQL, SMS_COUNT_SQL) };
}
