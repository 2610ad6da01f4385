import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { queryRows, sessionCookieOf, signUp } from '../../../test/helpers.js';

const ctx = useTestApp();

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

async function customer() {
  const { res, email } = await signUp(ctx.app);
  const [row] = await queryRows<{ id: string }>(
    ctx.database,
    sql`select id from users where email = ${email}`,
  );
  if (!row) throw new Error('no user');
  return { cookie: sessionCookieOf(res), id: row.id };
}

const ledger = (userId: string, kind: string, reference: string, amount: string, at: Date) =>
  ctx.database.db.execute(sql`
    insert into ledger_entries (user_id, amount, currency, kind, reference, balance_after, note, created_at)
    values (${userId}, ${amount}, 'GBP', ${kind}, ${reference}, 500, ${kind === 'purchase' ? 'Starter (VoIP Calling)' : ''}, ${at.toISOString()}::timestamptz)`);

const spending = (cookie: string | undefined, query = 'days=30') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/dashboard/spending?${query}`,
    headers: cookie ? { cookie } : {},
  });

/** The reader's calendar day of a moment, for a given offset in minutes. */
const localDate = (at: Date, offset: number) =>
  new Date(at.getTime() + offset * 60_000).toISOString().slice(0, 10);

describe('GET /api/dashboard/spending', () => {
  it('counts every debit of the period by kind: purchases, SMS net of refunds, calls, admin debits', async () => {
    const ada = await customer();
    const now = ago(0);
    await ledger(ada.id, 'deposit', `transaction:${randomUUID()}`, '500', ago(3));
    await ledger(ada.id, 'purchase', `order:${randomUUID()}`, '-99.00', now);
    await ledger(ada.id, 'charge', `sms-batch:${randomUUID()}`, '-0.0948', now);
    await ledger(ada.id, 'charge', `call:${randomUUID()}`, '-1.2000', now);
    await ledger(ada.id, 'adjustment', `adjustment:${randomUUID()}`, '-5.00', now);
    await ledger(ada.id, 'adjustment', `adjustment:${randomUUID()}`, '7.00', now);
    await ledger(ada.id, 'purchase', `order:${randomUUID()}`, '-400.00', ago(40));
    // A message charged two days ago and refunded a day later: its day nets to nothing.
    const [message] = await queryRows<{ id: string }>(
      ctx.database,
      sql`insert into sms_messages (user_id, sender_id, recipient, message, encoding, segments,
          country_code, unit_price, price_currency, cost, status, reference, created_at)
        values (${ada.id}, 'Parley', '+447400123456', 'hi', 'GSM-7', 1, 'GB', 0.04, 'USD',
          0.0316, 'failed', 1, ${ago(2).toISOString()}::timestamptz) returning id`,
    );
    await ledger(ada.id, 'charge', `sms:${message?.id}`, '-0.0316', ago(2));
    await ledger(ada.id, 'refund', `sms:${message?.id}`, '0.0316', ago(1));

    const res = await spending(ada.cookie, 'days=30&tzOffset=120');
    expect(res.statusCode).toBe(200);
    const today = localDate(now, 120);
    expect(res.json().entries).toEqual([
      { date: today, kind: 'adjustments', label: null, amount: '5.0000', count: 1 },
      { date: today, kind: 'calls', label: null, amount: '1.2000', count: 1 },
      {
        date: today,
        kind: 'purchases',
        label: 'Starter (VoIP Calling)',
        amount: '99.0000',
        count: 1,
      },
      { date: today, kind: 'sms', label: null, amount: '0.0948', count: 1 },
    ]);
    // The 40-day-old purchase counts in a 90-day window.
    const wider = (await spending(ada.cookie, 'days=90')).json().entries;
    expect(wider.map((e: { amount: string }) => e.amount)).toContain('400.0000');
  });

  it('adds up what renews monthly: plans in full, a number without its setup fee, items in grace, no one-off, cancelled or ending item', async () => {
    const grace = await customer();
    const [number] = await queryRows<{ id: string }>(
      ctx.database,
      sql`insert into did_numbers (number, country_code, type, monthly_price, setup_price, status)
        values ('+442071234999', 'GB', 'local', 3.50, 2.00, 'assigned') returning id`,
    );
    if (!number) throw new Error('no number');
    const order = (
      kind: string,
      itemId: string,
      price: string,
      charged: string,
      period: string,
      { status = 'active', recurring = price, rate = null as string | null, autoRenew = true } = {},
    ) =>
      ctx.database.db.execute(sql`
        insert into orders (user_id, item_kind, item_id, name, price, price_currency, charged,
          charged_rate, paid_with, billing_period, status, renewal_charge, auto_renew, grace_until)
        values (${grace.id}, ${kind}, ${itemId}, 'x', ${price}, 'USD', ${charged}, ${rate}, 'balance',
          ${period}, ${status}, ${period === 'monthly' ? recurring : null}, ${autoRenew},
          ${status === 'grace' ? sql`now()` : null})`);
    await order('package', randomUUID(), '25.00', '25.00', 'monthly');
    // A number renews for the monthly share of its charge: 4.38 × 3.50 / 5.50 = 2.79.
    await order('number', number.id, '5.50', '4.38', 'monthly', {
      recurring: '2.79',
      rate: '0.796',
    });
    await order('sip_domain', randomUUID(), '400.00', '400.00', 'one-time');
    await order('package', randomUUID(), '15.00', '15.00', 'monthly', { status: 'cancelled' });
    await order('package', randomUUID(), '9.00', '9.00', 'monthly', { autoRenew: false });
    await order('package', randomUUID(), '1.00', '1.00', 'monthly', { status: 'grace' });
    const body = (await spending(grace.cookie)).json();
    expect(body).toEqual({ entries: [], recurringMonthly: '28.79' });
  });

  it("labels a purchase in the reader's language while its package is sold so", async () => {
    const eva = await customer();
    const [pkg] = await queryRows<{ id: string }>(
      ctx.database,
      sql`with s as (
          insert into services (name, slug, icon, translations)
          values ('VoIP Calling', 'voip-labels', 'phone', '{"de": {"name": "VoIP-Telefonie"}}'::jsonb)
          returning id)
        insert into packages (service_id, name, price, translations)
        select id, 'Starter', 15.00, '{"de": {"name": "Einsteiger"}}'::jsonb from s returning id`,
    );
    const orderId = randomUUID();
    await ctx.database.db.execute(sql`
      insert into orders (id, user_id, item_kind, item_id, name, price, price_currency, charged, paid_with, billing_period)
      values (${orderId}, ${eva.id}, 'package', ${pkg?.id}, 'Starter (VoIP Calling)', 15.00, 'GBP', 15.00, 'balance', 'monthly')`);
    await ledger(eva.id, 'purchase', `order:${orderId}`, '-15.00', ago(0));
    const de = (await spending(eva.cookie, 'days=30&lang=de')).json();
    expect(de.entries.map((e: { label: string }) => e.label)).toEqual([
      'Einsteiger (VoIP-Telefonie)',
    ]);
    const en = (await spending(eva.cookie, 'days=30')).json();
    expect(en.entries.map((e: { label: string }) => e.label)).toEqual(['Starter (VoIP Calling)']);
  });

  it('is only for a signed-in customer, and checks its query', async () => {
    expect((await spending(undefined)).statusCode).toBe(401);
    const { cookie } = await customer();
    for (const query of ['days=0', 'days=400', 'days=x', 'tzOffset=900', 'tzOffset=1.5']) {
      const res = await spending(cookie, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});
