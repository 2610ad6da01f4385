// The bench's customers made ready through the API and SQL: the writer's quotes, the SMS
// sender's balance and the caller's plan, caller ID and balance.
import { randomUUID } from 'node:crypto';
import { call, signUpCustomer, topUp, txHash } from './api.mjs';
import { chatSession } from './chat.mjs';
import {
  BUSY_DESTINATION,
  CALLER_ID,
  CALLER_LINES,
  CALLER_PLAN,
  duration,
  FILLERS,
  HISTORY_ROWS,
  MAX_CALL_MINUTES,
  PAYMENT_FILLERS,
  READER_PAYMENTS,
  smsPerSecond,
} from './config.mjs';

/** `count` quotes for the writer, copies of one made through the API, valid for an hour. */
export async function prepareQuotes(sql, url, writer, count) {
  const { json: quote } = await call(url, 'POST', '/api/payments/quote', {
    cookie: writer.cookie,
    body: { amount: topUp.amount, currency: 'BTC', fiatCurrency: 'USD' },
  });
  const rows = await sql`
    insert into payment_quotes (user_id, fiat_amount, fiat_currency, currency, network,
      wallet_id, address, crypto_amount, rate, credit_amount, credit_rate, expires_at)
    select user_id, fiat_amount, fiat_currency, currency, network, wallet_id, address,
      crypto_amount, rate, credit_amount, credit_rate, now() + interval '1 hour'
    from payment_quotes, generate_series(1, ${count})
    where id = ${quote.id}
    returning id`;
  return [quote.id, ...rows.map((r) => r.id)];
}

/**
 * The SMS sender: a customer whose balance covers `smsPerSecond` sends a second for the
 * whole run. There is no API that credits a balance by hand, so it is set by SQL with
 * its matching ledger row (an adjustment), keeping balance = sum of the ledger.
 */
export async function prepareSender(sql, url, { body, country, label = 'sender' }) {
  const [price] = await sql`
    select sms_price from country_pricing where country_code = ${country} and is_active`;
  if (!price)
    throw new Error(
      `No active ${country} row in country_pricing on the bench database: the catalogue is seeded at ` +
        "the first server start (seedCatalogueOnce), and an admin's deletion is never undone.",
    );
  const sender = await signUpCustomer(url, label);
  // The price the server charges, in GBP (this also checks the rate is fresh).
  const { json: quote } = await call(url, 'POST', '/api/sms/quote', {
    cookie: sender.cookie,
    body,
    expected: [200],
  });
  const amount = (Number(quote.price) * smsPerSecond * duration + 1).toFixed(4);
  await credit(sql, sender.id, amount, 'bench: balance for the SMS send run');
  return { ...sender, price: quote.price, balance: amount };
}

/**
 * Credits a bench customer: there is no API that does it by hand, so the balance is set
 * by SQL with its matching ledger row (an adjustment), keeping balance = sum of the ledger.
 */
export async function credit(sql, userId, amount, note) {
  await sql.begin(async (tx) => {
    const [user] = await tx`
      update users set crypto_balance = crypto_balance + ${amount}::numeric
      where id = ${userId} returning crypto_balance`;
    await tx`
      insert into ledger_entries (user_id, amount, currency, kind, reference, balance_after, note)
      values (${userId}, ${amount}, 'GBP', 'adjustment', ${`bench:${userId}`},
        ${user.crypto_balance}, ${note})`;
  });
}

/**
 * The caller: a customer with a caller ID verified through the API (the sandbox keeps
 * the SMS code readable, here by SQL), an active order of the bench's own plan (its
 * "Unlimited concurrent calls" give 1000 lines; a customer with no plan has 2) and a balance that
 * covers the hold of 1000 calls at once: each call holds its longest possible length.
 * The order is inserted by SQL and charged nothing: no money moves, so the ledger is
 * untouched and no renewal falls due during the run.
 */
export async function prepareCaller(sql, url) {
  const [plan] = await sql`
    insert into packages (service_id, name, price, currency, features, is_active)
    select id, ${CALLER_PLAN}, 0, 'GBP', '["Unlimited concurrent calls"]'::jsonb, false
    from services where slug = 'voip'
    returning id, name, price::text as price, currency`;
  if (!plan)
    throw new Error(
      'No VoIP service on the bench database: the catalogue is seeded at the first server ' +
        "start (seedCatalogueOnce), and an admin's deletion is never undone.",
    );
  const caller = await signUpCustomer(url, 'caller');
  const { cookie } = caller;
  await sql`
    insert into orders (user_id, item_kind, item_id, name, price, price_currency, charged,
      paid_with, billing_period, status, renews_at)
    values (${caller.id}, 'package', ${plan.id}, ${plan.name}, ${plan.price}, ${plan.currency},
      0, 'balance', 'monthly', 'active', now() + interval '1 month')`;
  const { json: quote } = await call(
    url,
    'GET',
    `/api/sip/quote?destination=${encodeURIComponent(BUSY_DESTINATION)}`,
    { cookie, expected: [200] },
  );
  const amount = (Number(quote.ratePerMinute) * MAX_CALL_MINUTES * (CALLER_LINES + 10) + 1).toFixed(
    4,
  );
  await credit(sql, caller.id, amount, 'bench: balance for the call runs');
  // After the credit: a code goes only to a customer whose balance pays for the SMS.
  await call(url, 'POST', '/api/sip/caller-ids/verify', {
    cookie,
    body: { number: CALLER_ID },
    expected: [201],
  });
  const [code] = await sql`
    select sandbox_code from caller_ids where user_id = ${caller.id} and number = ${CALLER_ID}`;
  if (!code?.sandbox_code)
    throw new Error('No sandbox code for the caller ID: is VOICE_GATEWAY the sandbox?');
  await call(url, 'POST', '/api/sip/caller-ids/confirm', {
    cookie,
    body: { number: CALLER_ID, code: code.sandbox_code },
    expected: [200],
  });
  const { json: account } = await call(url, 'GET', '/api/sip/account', { cookie, expected: [200] });
  return { ...caller, username: account.username, rate: quote.ratePerMinute, balance: amount };
}

/**
 * The reader: a customer with a few payments, and a history of messages and calls. Its
 * id goes onto `created` at once, so the clean-up finds it whatever fails after.
 */
export async function prepareReader(sql, url, created) {
  const reader = await signUpReader(url, created);
  await prepareHistory(sql, reader.id, HISTORY_ROWS);
  return reader;
}

/**
 * What of the reader the API makes: the reader and the fillers, their payments and chat
 * (the history is written by SQL: prepareHistory).
 */
export async function signUpReader(url, created) {
  const reader = await signUpCustomer(url, 'reader');
  const fillers = [];
  for (let i = 1; i <= FILLERS; i++) fillers.push(await signUpCustomer(url, `filler${i}`));
  // The fillers' payments first: the reader's are the newest, as they were before.
  const payers = [...fillers.slice(0, PAYMENT_FILLERS), reader];
  for (const customer of [...fillers, reader]) {
    created.push(customer.id);
    const count = payers.includes(customer) ? READER_PAYMENTS : 0;
    for (let i = 0; i < count; i++)
      await call(url, 'POST', '/api/transactions/create', {
        cookie: customer.cookie,
        body: { ...topUp, txHash: txHash() },
      });
    const sessionId = await chatSession(url, customer.cookie);
    await call(url, 'POST', '/api/chat/send', {
      cookie: customer.cookie,
      body: { sessionId, message: 'Bench question', requestId: randomUUID() },
    });
  }
  return reader;
}

/**
 * The reader's history: `count` delivered messages, `count` ended calls (busy, free) and
 * `count` active orders, written by SQL a minute apart, so each history row and the
 * admin's subscriptions read a full page. They move no money: the ledger is untouched.
 */
export async function prepareHistory(sql, userId, count) {
  await sql`
    insert into sms_messages (user_id, sender_id, recipient, message, encoding, segments,
      country_code, unit_price, price_currency, cost, status, reference, created_at)
    select ${userId}, 'Parley', '+447400123456', 'Bench history ' || i, 'GSM-7', 1, 'GB',
      0.0300, 'GBP', 0.0300, 'delivered', i % 256, now() - i * interval '1 minute'
    from generate_series(1, ${count}) as i`;
  await sql`
    insert into calls (user_id, caller_id, destination, country, price, price_currency,
      rate_per_minute, increments, max_seconds, hold, status, gateway, deadline_at,
      created_at, ended_at, duration, billable_seconds, cost, hangup_cause, hangup_by)
    select ${userId}, ${CALLER_ID}, ${BUSY_DESTINATION}, 'GB', 0.0100, 'GBP', 0.0100, '60/60',
      600, 0, 'busy', 'sandbox', now(), now() - i * interval '1 minute',
      now() - i * interval '1 minute', 0, 0, 0, 'busy', 'callee'
    from generate_series(1, ${count}) as i`;
  // Paid through the month (no money moves), renewing on later days: the renewal job
  // leaves them be.
  await sql`
    insert into orders (user_id, item_kind, item_id, name, price, price_currency, charged,
      paid_with, billing_period, status, renews_at, renewal_charge, paid_through, created_at)
    select ${userId}, 'package', gen_random_uuid(), 'Bench plan ' || i, 1.00, 'GBP', 1.00,
      'balance', 'monthly', 'active', now() + (i % 28 + 1) * interval '1 day', 1.00, 1,
      now() - i * interval '1 minute'
    from generate_series(1, ${count}) as i`;
}
