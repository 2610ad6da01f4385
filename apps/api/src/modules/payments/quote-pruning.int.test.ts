import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addCryptoWallets } from '../../../test/crypto-wallets.js';
import { adminSession, queryRows, send, sessionCookieOf, signUp } from '../../../test/helpers.js';
import { twoInstances } from '../../../test/two-instances.js';

const BTC = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
/** More than the retention job's batch (1,000), so each pass takes several. */
const EXPIRED = 2500;

// Every instance runs the retention job. When two prune at once, one's delete can wait on
// rows the other deletes and find fewer than a batch though more are left: that must not
// move the cut-off past quotes nobody has looked at.
describe('two instances pruning quotes at once', () => {
  it('leave no expired unpaid quote behind, then move the cut-off on', async () => {
    const both = await twoInstances({});
    try {
      const [a, b] = [both.at(0), both.at(1)];
      const admin = await adminSession({ app: a, database: both.database }, 'prune@example.com');
      await addCryptoWallets({ app: a }, admin, [['BTC', 'bitcoin', BTC]]);
      const cookie = sessionCookieOf((await signUp(a)).res);
      const made = await send(a, 'POST', '/api/payments/quote', cookie, {
        amount: '150.00',
        currency: 'BTC',
      });
      expect(made.statusCode, made.body).toBe(201);
      // Passes at start have set a cut-off; as if the last one ran two days ago.
      await Promise.all([a.retention.runOnce(), b.retention.runOnce()]);
      await both.database.db.execute(sql`
        update app_meta set value = (now() - interval '48 hours')::text
        where key = 'retention.quotes_pruned_before'`);
      await both.database.db.execute(sql`
        insert into payment_quotes (user_id, fiat_amount, fiat_currency, currency, network,
          wallet_id, address, crypto_amount, rate, credit_amount, credit_rate, expires_at)
        select user_id, fiat_amount, fiat_currency, currency, network, wallet_id, address,
          crypto_amount, rate, credit_amount, credit_rate, now() - interval '30 hours'
        from payment_quotes, generate_series(1, ${EXPIRED})
        where id = ${made.json().id}`);
      const [first, second] = await Promise.all([a.retention.runOnce(), b.retention.runOnce()]);
      // Each row went once, whichever instance took it.
      expect((first?.quotes ?? 0) + (second?.quotes ?? 0)).toBe(EXPIRED);
      const [left] = await queryRows<{ n: number; hours: number }>(
        both.database,
        sql`select
          (select count(*)::int from payment_quotes where expires_at < now() - interval '24 hours') as n,
          (select extract(epoch from now() - value::timestamptz) / 3600 from app_meta
           where key = 'retention.quotes_pruned_before') as hours`,
      );
      expect(left?.n).toBe(0);
      expect(Number(left?.hours)).toBeCloseTo(24, 1);
    } finally {
      await both.close();
    }
  }, 60_000);
});
