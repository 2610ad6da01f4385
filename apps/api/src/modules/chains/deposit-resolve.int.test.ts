import type { DomainEvent } from '@parley/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { addQuote, addUser, addWatchKey } from '../../../test/chain-watch-fixture.js';
import {
  adminSession,
  balanceOf,
  queryRows,
  send,
  sessionCookieOf,
  signUp,
  until,
} from '../../../test/helpers.js';
import { applyLedgerEntry } from '../../db/ledger.js';

const ctx = useTestApp({
  timeout: 120_000,
  env: { CHAIN_BITCOIN_RPC_URL: 'http://parley:secret@127.0.0.1:18443/' },
  // No watcher runs: the test writes the deposits one would have found, and credits them.
  deps: { chainWatchers: [] },
});
let admin: string;
let adminId: string;
let watchKeyId: string;
let serial = 0;

const EVIDENCE = { height: 100, creditedBlockHash: 'hash-a', nodeBlockHash: 'hash-b' };

/** A credited deposit of £`credit` on a new customer's balance, flagged unless told not to. */
async function creditedDeposit(credit = '100.5000', flagged = true) {
  const userId = await addUser(ctx.database);
  const quote = await addQuote(ctx.database, {
    userId,
    watchKeyId,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  const reference = `bitcoin:resolve${++serial}:0`;
  const [row] = await queryRows<{ id: string }>(
    ctx.database,
    sql`insert into chain_deposits (reference, network, txid, output, address, currency, amount,
          quote_id, user_id, status, block_height, block_hash, confirmations,
          credit_amount, credit_rate, credited_at, flagged_at, flag_evidence)
        values (${reference}, 'bitcoin', ${`resolve${serial}`}, '0', ${quote.address}, 'BTC',
          '0.0015', ${quote.id}, ${userId}, 'credited', 100, 'hash-a', 3, ${credit}::numeric,
          '67000', now(), ${flagged ? new Date().toISOString() : null}::timestamptz,
          ${flagged ? JSON.stringify(EVIDENCE) : null}::jsonb)
        returning id`,
  );
  if (!row) throw new Error('no deposit');
  // Dust credits nothing: no ledger row, as the watcher writes it.
  if (credit !== '0.0000')
    await ctx.database.db.transaction((tx) =>
      applyLedgerEntry(tx, {
        userId,
        amount: credit,
        currency: 'GBP',
        kind: 'deposit',
        reference,
      }),
    );
  return { id: row.id, userId, reference };
}

const resolve = (id: string, body: unknown, cookie: string | null = admin) =>
  send(ctx.app, 'POST', `/api/admin/chains/deposits/${id}/resolve`, cookie, body);

/**
 * The types of the events about user `userId` published while `run` runs, once `count`
 * arrived (on PostgreSQL they come back through NOTIFY, a moment later).
 */
async function eventsOf(userId: string, count: number, run: () => Promise<unknown>) {
  const seen: DomainEvent[] = [];
  const stop = ctx.app.events.subscribe((e) => seen.push(e));
  const mine = () =>
    seen.filter((e) => (e.data as { userId?: string }).userId === userId).map((e) => e.type);
  try {
    await run();
    await until(
      async () => mine(),
      (types) => types.length >= count,
    );
    // Anything more would have come by now.
    await new Promise((r) => setTimeout(r, 100));
  } finally {
    stop();
  }
  return mine();
}

const ledgerOf = (userId: string) =>
  queryRows<{ kind: string; amount: string; reference: string; balance_after: string }>(
    ctx.database,
    sql`select kind, amount::text, reference, balance_after::text from ledger_entries
        where user_id = ${userId} order by created_at, id`,
  );

beforeAll(async () => {
  admin = await adminSession(ctx, 'deposit-resolve-admin@example.com');
  watchKeyId = await addWatchKey(ctx.database);
  const [row] = await queryRows<{ id: string }>(
    ctx.database,
    sql`select id from users where email = 'deposit-resolve-admin@example.com'`,
  );
  adminId = row?.id ?? '';
});

describe('resolving a flagged deposit', () => {
  it('is for admins only, and refuses a bad body or id with VALIDATION_FAILED', async () => {
    const d = await creditedDeposit();
    expect((await resolve(d.id, { decision: 'keep', note: 'x' }, null)).statusCode).toBe(401);
    const customer = sessionCookieOf((await signUp(ctx.app)).res);
    expect((await resolve(d.id, { decision: 'keep', note: 'x' }, customer)).statusCode).toBe(403);
    for (const body of [
      { decision: 'keep' },
      { decision: 'keep', note: '   ' },
      { decision: 'maybe', note: 'x' },
      { decision: 'keep', note: 'two\nlines' },
      { decision: 'keep', note: 'bell\u0007' },
      { decision: 'keep', note: 'x'.repeat(501) },
    ]) {
      const res = await resolve(d.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await resolve('not-a-uuid', { decision: 'keep', note: 'x' })).statusCode).toBe(400);
    const missing = await resolve('00000000-0000-4000-8000-000000000000', {
      decision: 'keep',
      note: 'x',
    });
    expect([missing.statusCode, missing.json().error.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('keeps the credit: the decision, who and why are recorded, the flag and evidence stay, audited', async () => {
    const d = await creditedDeposit();
    const events = await eventsOf(d.userId, 1, async () => {
      const res = await resolve(d.id, {
        decision: 'keep',
        note: '  Block re-mined, tx confirmed  ',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: d.id,
        status: 'credited',
        flagged: true,
        evidence: EVIDENCE,
        resolution: {
          decision: 'keep',
          note: 'Block re-mined, tx confirmed',
          by: { id: adminId, email: 'deposit-resolve-admin@example.com' },
        },
      });
    });
    expect(await balanceOf(ctx.database, d.userId)).toBe('100.50');
    expect(await ledgerOf(d.userId)).toHaveLength(1);
    expect(events).toEqual(['deposit.updated']);
    const [audit] = await queryRows<{
      action: string;
      actor_id: string;
      after: { resolution: string };
    }>(ctx.database, sql`select action, actor_id, after from audit_log where target_id = ${d.id}`);
    expect(audit).toMatchObject({ action: 'deposit.keep', actor_id: adminId });
    expect(audit?.after.resolution).toBe('keep');
    const list = await send(ctx.app, 'GET', '/api/admin/chains/deposits?flagged=true', admin);
    const listed = list.json().items.find((i: { id: string }) => i.id === d.id);
    expect(listed.resolution.decision).toBe('keep');
  });

  it('reverses the credit with one debit, tells the customer, and never twice', async () => {
    const d = await creditedDeposit('40.2500');
    const events = await eventsOf(d.userId, 3, async () => {
      const res = await resolve(d.id, { decision: 'reverse', note: 'Double spend' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().resolution.decision).toBe('reverse');
    });
    expect(await balanceOf(ctx.database, d.userId)).toBe('0.00');
    expect(await ledgerOf(d.userId)).toEqual([
      { kind: 'deposit', amount: '40.2500', reference: d.reference, balance_after: '40.2500' },
      {
        kind: 'adjustment',
        amount: '-40.2500',
        reference: `${d.reference}:reversal`,
        balance_after: '0.0000',
      },
    ]);
    expect(events).toEqual(['deposit.updated', 'balance.adjusted', 'notification.created']);
    const [told] = await queryRows<{ code: string; params: Record<string, string> }>(
      ctx.database,
      sql`select code, params from notifications where user_id = ${d.userId}`,
    );
    expect(told).toEqual({
      code: 'deposit.reversed',
      params: { amount: '40.2500', crypto: '0.0015 BTC' },
    });
    const again = await resolve(d.id, { decision: 'reverse', note: 'Again' });
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'ALREADY_DECIDED']);
    const [audit] = await queryRows<{ action: string; after: { entryId?: string } }>(
      ctx.database,
      sql`select action, after from audit_log where target_id = ${d.id}`,
    );
    expect(audit?.action).toBe('deposit.reverse');
    expect(audit?.after.entryId).toBeTruthy();
  });

  it('acts once when two admins decide at the same moment', async () => {
    const d = await creditedDeposit('10.0000');
    const answers = await Promise.all([
      resolve(d.id, { decision: 'reverse', note: 'first' }),
      resolve(d.id, { decision: 'reverse', note: 'second' }),
      resolve(d.id, { decision: 'keep', note: 'third' }),
    ]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json().error.code).toBe('ALREADY_DECIDED');
    const won = answers.find((a) => a.statusCode === 200)?.json().resolution.decision;
    const debits = (await ledgerOf(d.userId)).filter((e) => e.kind === 'adjustment');
    expect(debits).toHaveLength(won === 'reverse' ? 1 : 0);
    expect(await balanceOf(ctx.database, d.userId)).toBe(won === 'reverse' ? '0.00' : '10.00');
    const [audits] = await queryRows<{ n: number }>(
      ctx.database,
      sql`select count(*)::int as n from audit_log where target_id = ${d.id}`,
    );
    expect(audits?.n).toBe(1);
  });

  it('refuses a reversal the balance no longer covers, and changes nothing', async () => {
    const d = await creditedDeposit('25.0000');
    await ctx.database.db.transaction((tx) =>
      applyLedgerEntry(tx, {
        userId: d.userId,
        amount: '-20.0000',
        currency: 'GBP',
        kind: 'charge',
        reference: `spent-${d.id}`,
      }),
    );
    const res = await resolve(d.id, { decision: 'reverse', note: 'Double spend' });
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'REVERSAL_BALANCE_SHORT']);
    expect(await balanceOf(ctx.database, d.userId)).toBe('5.00');
    const [row] = await queryRows<{ resolution: string | null }>(
      ctx.database,
      sql`select resolution from chain_deposits where id = ${d.id}`,
    );
    expect(row?.resolution).toBeNull();
    const [audits] = await queryRows<{ n: number }>(
      ctx.database,
      sql`select count(*)::int as n from audit_log where target_id = ${d.id}`,
    );
    expect(audits?.n).toBe(0);
    // Keeping it is still possible.
    expect((await resolve(d.id, { decision: 'keep', note: 'Customer spent it' })).statusCode).toBe(
      200,
    );
  });

  it('reverses a dust deposit that credited nothing without a ledger row or a notice', async () => {
    const d = await creditedDeposit('0.0000');
    const res = await resolve(d.id, { decision: 'reverse', note: 'Dust' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ledgerOf(d.userId)).toEqual([]);
    const [told] = await queryRows<{ n: number }>(
      ctx.database,
      sql`select count(*)::int as n from notifications where user_id = ${d.userId}`,
    );
    expect(told?.n).toBe(0);
  });

  it('refuses a deposit that is not flagged', async () => {
    const d = await creditedDeposit('12.0000', false);
    const res = await resolve(d.id, { decision: 'keep', note: 'x' });
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'DEPOSIT_NOT_FLAGGED']);
    expect(await ledgerOf(d.userId)).toHaveLength(1);
  });
});
