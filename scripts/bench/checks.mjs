// What the bench checks after a run (calls ended, no hold left, the outbox drained,
// balance = ledger) and the clean-up of what it created.
import { CALLER_PLAN, callSettleLimitMs, drainLimitMs } from './config.mjs';

export const OPEN_CALLS = ['dialing', 'ringing', 'answered'];

/**
 * Waits (bounded) until none of the caller's calls through `gateway` is open, then checks
 * that no hold is left (users.held = 0) and balance = sum of the ledger.
 */
export async function checkCalls(sql, userId, gateway) {
  const started = Date.now();
  const statuses = async () => {
    const rows = await sql`
      select status, count(*)::int as n from calls
      where user_id = ${userId} and gateway = ${gateway} group by status`;
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  };
  const open = (s) => OPEN_CALLS.reduce((n, k) => n + (s[k] ?? 0), 0);
  const atEnd = await statuses();
  let now = atEnd;
  while (open(now) > 0 && Date.now() - started < callSettleLimitMs) {
    await new Promise((r) => setTimeout(r, 250));
    now = await statuses();
  }
  const [row] = await sql`
    select u.held::text as held, u.crypto_balance::text as balance,
      (select coalesce(sum(amount), 0)::text from ledger_entries where user_id = u.id) as ledger
    from users u where u.id = ${userId}`;
  const problems = [];
  if (open(now) > 0)
    problems.push(`${open(now)} calls still open after ${callSettleLimitMs / 1000} s`);
  if (Number(row.held) !== 0) problems.push(`users.held is ${row.held}, not 0`);
  if (Number(row.balance) !== Number(row.ledger))
    problems.push(`balance ${row.balance} but the ledger sums to ${row.ledger}`);
  return {
    atEnd: open(atEnd),
    final: now,
    seconds: (Date.now() - started) / 1000,
    ...row,
    problems,
  };
}

/** The sender's messages by status. */
export async function smsStatuses(sql, userId) {
  const rows = await sql`
    select status, count(*)::int as n from sms_messages where user_id = ${userId} group by status`;
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/**
 * Waits (bounded) until the outbox has handed every one of the sender's messages to the
 * gateway and its receipt is in, so later rows are not measured beside it. Returns what
 * it saw, for the report.
 */
export async function drainOutbox(sql, userId) {
  const started = Date.now();
  const atEnd = await smsStatuses(sql, userId);
  const waiting = (s) => (s.queued ?? 0) + (s.sending ?? 0) + (s.sent ?? 0);
  let now = atEnd;
  while (waiting(now) > 0 && Date.now() - started < drainLimitMs) {
    await new Promise((r) => setTimeout(r, 250));
    now = await smsStatuses(sql, userId);
  }
  return { atEnd, final: now, seconds: (Date.now() - started) / 1000, left: waiting(now) };
}

/** Balance = sum of the ledger, and one charge per message, for the sender. */
export async function checkLedger(sql, userId) {
  const [row] = await sql`
    select u.crypto_balance::text as balance,
      (select coalesce(sum(amount), 0)::text from ledger_entries where user_id = u.id) as ledger,
      (select count(*)::int from ledger_entries where user_id = u.id and kind = 'charge') as charges,
      (select count(*)::int from sms_messages where user_id = u.id) as messages
    from users u where u.id = ${userId}`;
  const problems = [];
  if (Number(row.balance) !== Number(row.ledger))
    problems.push(`balance ${row.balance} but the ledger sums to ${row.ledger}`);
  if (row.charges !== row.messages)
    problems.push(`${row.messages} messages but ${row.charges} charges`);
  return { ...row, problems };
}

/**
 * Deletes what the run created for its customers: payments, quotes, events, SMS, calls,
 * caller IDs, SIP accounts, orders, ledger rows, accounts. Run once Parley has stopped,
 * so no outbox or sandbox call is still working on them.
 */
export async function cleanUp(sql, ids) {
  if (ids.length === 0) return;
  await sql.begin(async (tx) => {
    await tx`delete from calls where user_id in ${tx(ids)}`;
    await tx`delete from caller_ids where user_id in ${tx(ids)}`;
    await tx`delete from sip_accounts where user_id in ${tx(ids)}`;
    await tx`delete from orders where user_id in ${tx(ids)}`;
    await tx`delete from sms_messages where user_id in ${tx(ids)}`;
    await tx`delete from sms_batches where user_id in ${tx(ids)}`;
    await tx`delete from ledger_entries where user_id in ${tx(ids)}`;
    await tx`delete from transactions where user_id in ${tx(ids)}`;
    await tx`delete from payment_quotes where user_id in ${tx(ids)}`;
    await tx`delete from events where user_id in ${tx(ids)}`;
    // Their chat conversations and messages go with them (on delete cascade).
    await tx`delete from users where id in ${tx(ids)}`;
    await tx`delete from packages where name = ${CALLER_PLAN} and not is_active`;
  });
}
