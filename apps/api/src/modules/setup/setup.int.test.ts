import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import {
  adminSession,
  createTestApp,
  send,
  sessionCookieOf,
  signUp,
} from '../../../test/helpers.js';

let admin: string;
let customer: string;
const BTC = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
/** BIP84's account 0 key of the "abandon … about" seed (the BIP's own vector). */
const WATCH_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

const checklist = async () => (await send(ctx.app, 'GET', '/api/admin/setup', admin)).json();
const coins = async () => (await send(ctx.app, 'GET', '/api/payments/coins', null)).json();
const age = (base: string, minutes: number) =>
  ctx.database.db.execute(
    sql`update exchange_rates set updated_at = now() - make_interval(mins => ${minutes})
        where base = ${base}`,
  );

const ctx = useTestApp({ timeout: 120_000 });
beforeAll(async () => {
  admin = await adminSession(ctx, 'setup-admin@example.com');
  customer = sessionCookieOf((await signUp(ctx.app)).res);
}, 120_000);

describe('the set-up checklist', () => {
  it('on a fresh install: no wallet, sandbox gateways, no mail, the feed off', async () => {
    const list = await checklist();
    expect(list).toMatchObject({
      complete: false,
      wallets: { done: false },
      rates: { done: true, stale: [], feed: { enabled: false, sources: [] } },
      sms: { done: false, mode: 'sandbox' },
      voice: { done: false, mode: 'sandbox' },
      mail: { done: false },
      secondFactor: { done: true, adminsWithout: 0 },
    });
    expect(list.wallets.coins).toHaveLength(9);
    expect(list.wallets.coins[0]).toEqual({
      currency: 'BTC',
      wallet: false,
      rateFresh: true,
      payable: false,
    });
    // No coin can be paid in, so none is offered.
    expect(await coins()).toEqual([]);
  });

  it('a wallet makes its coin payable while its rate is fresh; a stale rate takes it away', async () => {
    await send(ctx.app, 'POST', '/api/admin/crypto-wallets', admin, {
      currency: 'BTC',
      network: 'bitcoin',
      address: BTC,
    });
    expect(await coins()).toEqual([{ currency: 'BTC', network: 'bitcoin' }]);
    expect((await checklist()).wallets).toMatchObject({ done: true });
    await age('BTC', 16);
    expect(await coins()).toEqual([]);
    const list = await checklist();
    expect(list.rates).toMatchObject({ done: false, stale: ['BTC/USD'] });
    expect(list.wallets.coins[0]).toMatchObject({ wallet: true, rateFresh: false, payable: false });
    // USD/GBP stops every coin: a top-up's credit needs it.
    await send(ctx.app, 'PUT', '/api/admin/rates/BTC/USD', admin, { rate: '95000' });
    await age('USD', 25 * 60);
    expect(await coins()).toEqual([]);
    expect((await checklist()).rates.stale).toEqual(['USD/GBP']);
    await send(ctx.app, 'PUT', '/api/admin/rates/USD/GBP', admin, { rate: '0.79' });
    expect(await coins()).toEqual([{ currency: 'BTC', network: 'bitcoin' }]);
  });

  it('counts admins without a second factor', async () => {
    await ctx.database.db.execute(sql`update users set is_admin = true where email like 'user-%'`);
    expect((await checklist()).secondFactor).toEqual({ done: false, adminsWithout: 1 });
    await ctx.database.db.execute(sql`update users set is_admin = false where email like 'user-%'`);
  });

  it('is for admins only; the coins are public', async () => {
    expect((await send(ctx.app, 'GET', '/api/admin/setup', null)).statusCode).toBe(401);
    expect((await send(ctx.app, 'GET', '/api/admin/setup', customer)).statusCode).toBe(403);
    const res = await send(ctx.app, 'GET', '/api/payments/coins', null);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=10');
  });
});

describe('a real configuration', () => {
  it('is complete with real gateways, mail and a wallet', async () => {
    const other = await createTestApp({
      SMS_GATEWAY: 'smpp',
      SMPP_HOST: '127.0.0.1',
      SMPP_PORT: '1',
      SMPP_SYSTEM_ID: 'parley',
      SMPP_PASSWORD: 'secret',
      VOICE_GATEWAY: 'sip',
      VOICE_EDGE_SECRET: 'e'.repeat(32),
      SMTP_URL: 'smtp://127.0.0.1:1',
      MAIL_FROM: 'billing@example.com',
    });
    try {
      const otherAdmin = await adminSession(other, 'real-admin@example.com');
      await send(other.app, 'POST', '/api/admin/crypto-wallets', otherAdmin, {
        currency: 'BTC',
        network: 'bitcoin',
        address: BTC,
      });
      const list = (await send(other.app, 'GET', '/api/admin/setup', otherAdmin)).json();
      expect(list).toMatchObject({
        complete: true,
        sms: { done: true, mode: 'smpp' },
        voice: { done: true, mode: 'sip' },
        mail: { done: true },
      });
    } finally {
      await other.close();
    }
  }, 120_000);

  it('counts a watched network with an active watch key as payable, with no fixed wallet', async () => {
    const other = await createTestApp({
      // A node that is never asked here: the watcher passes hourly.
      CHAIN_BITCOIN_RPC_URL: 'http://parley:secret@127.0.0.1:1/',
      CHAIN_BITCOIN_NETWORK: 'mainnet',
      CHAIN_POLL_SECONDS: '3600',
    });
    try {
      const otherAdmin = await adminSession(other, 'watch-admin@example.com');
      const before = (await send(other.app, 'GET', '/api/admin/setup', otherAdmin)).json();
      expect(before.wallets).toMatchObject({ done: false });
      const set = await send(other.app, 'PUT', '/api/admin/chains/watch-keys/bitcoin', otherAdmin, {
        key: WATCH_ZPUB,
      });
      expect(set.statusCode, set.body).toBe(200);
      const list = (await send(other.app, 'GET', '/api/admin/setup', otherAdmin)).json();
      expect(list.wallets).toMatchObject({ done: true });
      expect(list.wallets.coins[0]).toEqual({
        currency: 'BTC',
        wallet: true,
        rateFresh: true,
        payable: true,
      });
      const listed = (await send(other.app, 'GET', '/api/payments/coins', null)).json();
      expect(listed).toEqual([{ currency: 'BTC', network: 'bitcoin' }]);
    } finally {
      await other.close();
    }
  }, 120_000);
});
