import type { Db } from '../../db/client.js';
import { asIsoText, pagedRead } from '../../db/raw.js';
import type { StoredCall } from '../../lib/call-view.js';

/**
 * A page of the customer's calls, newest first, with the columns the answer shows and
 * times as it writes them. Exported so the bench's raw baseline runs these very
 * statements (docs/performance.md); run straight on the driver (decision 0033).
 */
export const CALL_HISTORY_SQL = `select id, direction, caller_id as "callerId", destination, country,
   status, duration, billable_seconds as "billableSeconds",
   included_seconds as "includedSeconds", cost::text as cost,
   rate_per_minute::text as "ratePerMinute", price::text as price,
   price_currency as "priceCurrency", increments, max_seconds as "maxSeconds",
   hangup_cause as "hangupCause", hangup_by as "hangupBy",
   ${asIsoText('created_at')} as "createdAt", ${asIsoText('answered_at')} as "answeredAt",
   ${asIsoText('ended_at')} as "endedAt", ${asIsoText('late_report_at')} as "lateReportAt"
 from calls where user_id = $1
 order by created_at desc, id desc limit $2 offset $3`;
/** How many calls the customer has, for the pager. */
export const CALL_COUNT_SQL = 'select count(*)::int4 as n from calls where user_id = $1';

export function createCallHistoryRepo(db: Db) {
  // Its times arrive as text, written as the answer writes them (StoredCall takes both).
  return { history: pagedRead<StoredCall>(db, CALL_HISTORY_SQL, CALL_COUNT_SQL) };
}
