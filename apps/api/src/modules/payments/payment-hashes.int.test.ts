import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { addCryptoWallets } from '../../../test/crypto-wallets.js';
import {
  adminSession,
  type Method,
  queryRows,
  send,
  sessionCookieOf,
  signUp,
} from '../../../test/helpers.js';

// Every customer pays the same address, so a transaction hash is public the moment it
// is on chain: who submits it first must not be able to keep it from its owner, and one
// hash must not be credited on two networks.

const BTC = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const ETH = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const WALLETS: Record<string, string> = { BTC, ETH, 'USDT-TRC20': TRON };
const hex = () => randomBytes(32).toString('hex');

let admin: string;

const ctx = useTestApp({ env: { MAX_OPEN_QUOTES: '5', MAX_PENDING_PAYMENTS: '5' } });
beforeAll(async () => {
  admin = await adminSession(ctx, 'hashes-admin@example.com');
  await addCryptoWallets(ctx, admin, [
    ['BTC', 'bitcoin', BTC],
    ['ETH', 'ethereum', ETH],
    ['USDT', 'tron', TRON],
  ]);
});

afterEach(async () => {
  const check = (await call('GET', '/api/admin/ledger/check', admin)).json();
  expect(check.mismatches).toEqual([]);
});

function call(method: Method, url: string, cookie: string | null, payload?: unknown) {
  return send(ctx.app, method, url, cookie, payload);
}
const customer = async () => sessionCookieOf((await signUp(ctx.app)).res);
type Quote = { id: string; fiatAmount: string; cryptoAmount: string };
const quote = async (cookie: string, amount = '150.00', currency = 'BTC'): Promise<Quote> => {
  const [code, network] = currency === 'USDT-TRC20' ? ['USDT', 'tron'] : [currency, undefined];
  const res = await call('POST', '/api/payments/quote', cookie, {
    amount,
    currency: code,
    network,
  });
  expect(res.statusCode).toBe(201);
  return res.json();
};
/** A submission: with a quote it pays that quote, without one it asks for `amount`. */
const submit = (
  cookie: string,
  txHash: string,
  opts: { quote?: Quote; amount?: string; currency?: string; cryptoAmount?: string } = {},
) => {
  const currency = opts.currency ?? 'BTC';
  return call('POST', '/api/transactions/create', cookie, {
    amount: opts.quote?.fiatAmount ?? opts.amount ?? '150.00',
    currency,
    walletAddress: WALLETS[currency],
    serviceName: 'Add Funds',
    txHash,
    ...(opts.quote ? { quoteId: opts.quote.id } : {}),
    ...(opts.cryptoAmount ? { cryptoAmount: opts.cryptoAmount } : {}),
  });
};
const decide = (id: string, how: 'approve' | 'reject') =>
  call('POST', `/api/admin/payments/${id}/${how}`, admin, {});
const adminRow = async (id: string) =>
  (await call('GET', '/api/admin/payments?limit=200', admin))
    .json()
    .find((p: { id: string }) => p.id === id);
const refusal = (res: { statusCode: number; json: () => { error?: { code: string } } }) => [
  res.statusCode,
  res.json().error?.code,
];

describe('a hash someone else submitted first', () => {
  it('is freed when the admin rejects the squatter, so its owner can submit it', async () => {
    const victim = await customer();
    const squatter = await customer();
    const third = await customer();
    const q = await quote(victim);
    const hash = hex();
    // The squatter saw the victim's payment on chain and submitted its hash first.
    const squat = await submit(squatter, hash, { amount: '150.00' });
    expect(squat.statusCode).toBe(201);
    expect(refusal(await submit(victim, hash, { quote: q }))).toEqual([409, 'TX_HASH_USED']);

    expect((await decide(squat.json().id, 'reject')).statusCode).toBe(200);
    const owned = await submit(victim, hash.toUpperCase(), { quote: q });
    expect(owned.statusCode).toBe(201);
    // A pending or approved payment still holds it.
    expect(refusal(await submit(third, hash, { amount: '150.00' }))).toEqual([409, 'TX_HASH_USED']);
    expect((await decide(owned.json().id, 'approve')).statusCode).toBe(200);
    expect(refusal(await submit(third, hash, { amount: '150.00' }))).toEqual([409, 'TX_HASH_USED']);
  });

  it('once freed, is taken by exactly one of two submissions sent at once', async () => {
    const [ada, bob, eve] = [await customer(), await customer(), await customer()];
    const hash = hex();
    const squat = await submit(eve, hash, { amount: '120.00' });
    await decide(squat.json().id, 'reject');
    const [qa, qb] = [await quote(ada, '121.00'), await quote(bob, '122.00')];
    const results = await Promise.all([
      submit(ada, hash, { quote: qa }),
      submit(bob, hash, { quote: qb }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      ctx.database,
      sql`select count(*)::int as n from transactions where tx_hash = ${hash} and status = 'pending'`,
    );
    expect(n).toBe(1);
  });

  it("tells the admin plainly when the claimed amount is not the quote's exact amount", async () => {
    const victim = await customer();
    const squatter = await customer();
    const q = await quote(victim, '190.00');
    // Without a quote of their own, the squatter's fresh quote is one unit off the
    // victim's (every open quote on the address asks for a different amount).
    const claimed = await submit(squatter, hex(), {
      amount: '190.00',
      cryptoAmount: q.cryptoAmount,
    });
    expect(claimed.statusCode).toBe(201);
    expect(claimed.json().cryptoAmount).not.toBe(q.cryptoAmount);
    expect(await adminRow(claimed.json().id)).toMatchObject({
      cryptoAmount: claimed.json().cryptoAmount,
      claimedCryptoAmount: q.cryptoAmount,
      amountDiffers: true,
    });
    // No quote and no amount: nothing was agreed before the payment.
    const bare = await submit(squatter, hex(), { amount: '191.00' });
    expect(await adminRow(bare.json().id)).toMatchObject({
      claimedCryptoAmount: null,
      amountDiffers: true,
    });
    // The quote it names is what it claims, said or not.
    const paid = await submit(victim, hex(), { quote: q });
    expect(await adminRow(paid.json().id)).toMatchObject({
      cryptoAmount: q.cryptoAmount,
      claimedCryptoAmount: q.cryptoAmount,
      amountDiffers: false,
    });
    const other = await customer();
    const q2 = await quote(other, '192.00');
    const said = await submit(other, hex(), { quote: q2, cryptoAmount: `${q2.cryptoAmount}0` });
    expect((await adminRow(said.json().id)).amountDiffers).toBe(false);
    const wrong = await submit(other, hex(), {
      quote: await quote(other, '193.00'),
      cryptoAmount: '0.5',
    });
    expect(await adminRow(wrong.json().id)).toMatchObject({
      claimedCryptoAmount: '0.5',
      amountDiffers: true,
    });
  });
});

describe('one hash on two networks', () => {
  it('is refused on a second network, whatever its case or 0x prefix', async () => {
    const ada = await customer();
    const bob = await customer();
    const hash = `${hex().slice(0, 60)}abcd`;
    const btc = await submit(ada, hash, { quote: await quote(ada) });
    expect(btc.statusCode).toBe(201);
    expect((await decide(btc.json().id, 'approve')).statusCode).toBe(200);
    const usdt = await submit(bob, hash.toUpperCase(), {
      quote: await quote(bob, '150.00', 'USDT-TRC20'),
      currency: 'USDT-TRC20',
    });
    expect(refusal(usdt)).toEqual([409, 'TX_HASH_USED']);
    // Without a quote, refused before one is written.
    expect(refusal(await submit(bob, hash, { currency: 'USDT-TRC20' }))).toEqual([
      409,
      'TX_HASH_USED',
    ]);
    const eth = await submit(bob, `0x${hash}`, {
      quote: await quote(bob, '150.00', 'ETH'),
      currency: 'ETH',
    });
    expect(refusal(eth)).toEqual([409, 'TX_HASH_USED']);
  });

  it('sent on two networks at once: one is accepted', async () => {
    const ada = await customer();
    const bob = await customer();
    const hash = hex();
    const [qa, qb] = [await quote(ada, '160.00'), await quote(bob, '160.00', 'USDT-TRC20')];
    const results = await Promise.all([
      submit(ada, hash, { quote: qa }),
      submit(bob, hash, { quote: qb, currency: 'USDT-TRC20' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().error.code).toBe('TX_HASH_USED');
  });

  it('is reported by the ledger check, and never credited twice', async () => {
    const ada = await customer();
    const bob = await customer();
    const hash = hex();
    const btc = (await submit(ada, hash, { quote: await quote(ada, '170.00') })).json();
    await decide(btc.id, 'approve');
    // What older code let in: the same hash on tron, written straight into the table and
    // marked the way the migration marks such rows.
    const usdt = (
      await submit(bob, hex(), {
        quote: await quote(bob, '170.00', 'USDT-TRC20'),
        currency: 'USDT-TRC20',
      })
    ).json();
    await ctx.database.db.execute(
      sql`update transactions set tx_hash = ${hash}, hash_conflict = true where id = ${usdt.id}`,
    );
    const check = (await call('GET', '/api/admin/ledger/check', admin)).json();
    expect(check.hashCollisions).toContainEqual({
      txHash: hash,
      networks: ['bitcoin', 'tron'],
      transactions: [
        expect.objectContaining({ id: btc.id, status: 'approved', network: 'bitcoin' }),
        expect.objectContaining({ id: usdt.id, status: 'pending', network: 'tron' }),
      ],
    });
    expect(refusal(await decide(usdt.id, 'approve'))).toEqual([409, 'TX_HASH_USED']);
    // Rejected, it holds no money and the check no longer lists it.
    expect((await decide(usdt.id, 'reject')).statusCode).toBe(200);
    const after = (await call('GET', '/api/admin/ledger/check', admin)).json();
    expect(after.hashCollisions.map((c: { txHash: string }) => c.txHash)).not.toContain(hash);
  });
});

describe('migration 0034 on existing rows', () => {
  it('marks a hash held on two networks, keeps the approved one, and frees rejected hashes', async () => {
    const ada = await customer();
    const bob = await customer();
    const eve = await customer();
    const hash = hex();
    const squatted = hex();
    const usdt = (
      await submit(bob, hex(), {
        quote: await quote(bob, '180.00', 'USDT-TRC20'),
        currency: 'USDT-TRC20',
      })
    ).json();
    const btc = (await submit(ada, hex(), { quote: await quote(ada, '180.00') })).json();
    await decide(btc.id, 'approve');
    const squat = (await submit(eve, squatted, { amount: '181.00' })).json();
    await decide(squat.id, 'reject');
    const run = (statement: string) => ctx.database.db.execute(sql.raw(statement));
    // Back to the index before 0034, with rows as it let them be written.
    const file = fs
      .readdirSync(path.join(import.meta.dirname, '../../../drizzle'))
      .find((f) => f.startsWith('0034_'));
    expect(file).toBeDefined();
    for (const statement of [
      'drop index transactions_tx_hash_live',
      'alter table transactions drop column claimed_crypto_amount',
      // The old index by name only: rows of the tests above (a rejected squatter's hash
      // submitted again) are what it refused.
      'create index transactions_network_tx_hash on transactions (network, tx_hash)',
      `update transactions set tx_hash = '${hash}' where id in ('${usdt.id}', '${btc.id}')`,
      // A browser's quote is made minutes before the payment it names, while the customer pays.
      `update payment_quotes set created_at = created_at - interval '5 minutes'
         where id in (select quote_id from transactions where id in ('${usdt.id}', '${btc.id}'))`,
    ])
      await run(statement);

    const sqlText = fs.readFileSync(
      path.join(import.meta.dirname, '../../../drizzle', file ?? ''),
      'utf8',
    );
    for (const statement of sqlText.split('--> statement-breakpoint')) await run(statement);

    const rows = await queryRows<{ id: string; hash_conflict: boolean; claimed: string | null }>(
      ctx.database,
      sql`select id, hash_conflict, claimed_crypto_amount::text as claimed from transactions where id in (${usdt.id}, ${btc.id}, ${squat.id})`,
    );
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId[btc.id]?.hash_conflict).toBe(false);
    expect(byId[usdt.id]?.hash_conflict).toBe(true);
    // Rows from before claims existed claim the quote they named, as the browser did; a
    // submission that named none (its quote written with it) claimed nothing: flagged.
    expect(byId[btc.id]?.claimed).not.toBeNull();
    expect(byId[usdt.id]?.claimed).not.toBeNull();
    expect(byId[squat.id]?.claimed).toBeNull();
    const check = (await call('GET', '/api/admin/ledger/check', admin)).json();
    expect(check.hashCollisions).toContainEqual(
      expect.objectContaining({ txHash: hash, networks: ['bitcoin', 'tron'] }),
    );
    expect(refusal(await decide(usdt.id, 'approve'))).toEqual([409, 'TX_HASH_USED']);
    await decide(usdt.id, 'reject');
    // The squatted hash, rejected before the migration, is free again.
    const owner = await customer();
    expect(
      (await submit(owner, squatted, { quote: await quote(owner, '182.00') })).statusCode,
    ).toBe(201);
  });
});
