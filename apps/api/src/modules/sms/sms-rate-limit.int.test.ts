import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { balanceOf, fundedCustomer, queryRows, send } from '../../../test/helpers.js';
import { twoInstances } from '../../../test/two-instances.js';
import { createSandboxGateway } from '../../integrations/sms/sandbox.js';
import { seedCatalogueOnce } from '../catalogue/catalogue-seed.repo.js';

const UK = '+447400123456';
const PER_MINUTE = 5;
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

// Two server instances on one database, each counting SMS in the shared limit store.
let pair: Awaited<ReturnType<typeof twoInstances>>;
let database: Awaited<ReturnType<typeof twoInstances>>['database'];
beforeAll(async () => {
  pair = await twoInstances(
    { SMS_PER_MINUTE: String(PER_MINUTE) },
    {
      prepare: (db) => seedCatalogueOnce(db.db),
      extra: () => ({ sms: { gateway: createSandboxGateway({ delayMs: 30 }), pollMs: 50 } }),
    },
  );
  database = pair.database;
});
afterAll(() => pair?.close());

const at = (i: number) => pair.at(i);
const one = (i: number, cookie: string) =>
  send(at(i), 'POST', '/api/sms/send', cookie, {
    senderId: 'Parley',
    recipient: UK,
    message: `Hello ${i}`,
  });
const bulk = (i: number, cookie: string, n: number) =>
  send(at(i), 'POST', '/api/sms/bulk/send', cookie, {
    senderId: 'Parley',
    message: 'Hello all',
    recipients: Array.from({ length: n }, (_, k) => `+4474001234${String(k).padStart(2, '0')}`),
  });
const sentBy = async (userId: string) =>
  (
    await queryRows<{ n: number }>(
      database,
      sql`select count(*)::int as n from sms_messages where user_id = ${userId}`,
    )
  )[0]?.n;

describe('the per-customer SMS limit, shared by two instances', () => {
  it('accepts exactly SMS_PER_MINUTE of concurrent sends spread over both', async () => {
    const c = await fundedCustomer(at(0), database, '5.00');
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => one(i, c.cookie)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array(PER_MINUTE).fill(201), 429, 429, 429]);
    for (const refused of answers.filter((a) => a.statusCode === 429)) {
      expect(refused.json().error.code).toBe('SMS_RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await sentBy(c.id)).toBe(PER_MINUTE);
    // Charged for the accepted ones only.
    const accepted = answers.filter((a) => a.statusCode === 201).map((a) => a.json().cost);
    const spent = accepted.reduce((sum, cost) => sum + Number(cost), 0);
    expect(Number(await balanceOf(database, c.id))).toBeCloseTo(5 - spent, 4);
    // Another customer has a minute of their own.
    const d = await fundedCustomer(at(1), database, '1.00');
    expect((await one(1, d.cookie)).statusCode).toBe(201);
  });

  it('counts each message of a batch, and a refused batch costs nothing', async () => {
    const c = await fundedCustomer(at(0), database, '5.00');
    expect((await bulk(0, c.cookie, 3)).statusCode).toBe(201);
    const over = await bulk(1, c.cookie, 3);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('SMS_RATE_LIMITED');
    expect(await sentBy(c.id)).toBe(3);
    // The refused batch took nothing: two more still fit, on either instance.
    expect((await one(1, c.cookie)).statusCode).toBe(201);
    expect((await one(0, c.cookie)).statusCode).toBe(201);
    expect((await one(1, c.cookie)).statusCode).toBe(429);

    const big = await bulk(0, (await fundedCustomer(at(0), database, '5.00')).cookie, 6);
    expect(big.statusCode).toBe(422);
    expect(big.json().error.code).toBe('SMS_BATCH_OVER_RATE_LIMIT');
  });

  it('gives the count back when a send is refused for the balance', async () => {
    const c = await fundedCustomer(at(0), database, '0');
    for (let i = 0; i < PER_MINUTE + 2; i++)
      expect((await one(i, c.cookie)).json().error.code).toBe('INSUFFICIENT_BALANCE');
  });
});
