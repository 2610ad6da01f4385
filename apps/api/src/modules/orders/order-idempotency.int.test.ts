import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { balanceOf, fundedCustomer, queryRows, send } from '../../../test/helpers.js';

const ctx = useTestApp({ seedCatalogue: true });

const packageId = async (name: string) =>
  (
    await queryRows<{ id: string }>(ctx.database, sql`select id from packages where name = ${name}`)
  )[0]?.id;
const orderCount = async () =>
  (await queryRows<{ n: number }>(ctx.database, sql`select count(*)::int as n from orders`))[0]?.n;
const buy = (cookie: string, body: object) => send(ctx.app, 'POST', '/api/orders', cookie, body);

describe('an order id', () => {
  it('repeated with the same item returns the first order; with another item, 422', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '100');
    const [ivr, other] = [await packageId('IVR'), await packageId('Failover')];
    expect(ivr && other).toBeTruthy();
    const orderId = randomUUID();
    const first = await buy(c.cookie, { itemId: ivr, orderId });
    expect(first.statusCode).toBe(201);
    const balance = await balanceOf(ctx.database, c.id);
    const orders = await orderCount();

    const again = await buy(c.cookie, { itemId: ivr, orderId });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());

    const reused = await buy(c.cookie, { itemId: other, orderId });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await balanceOf(ctx.database, c.id)).toBe(balance);
    expect(await orderCount()).toBe(orders);
  });

  it("that is another customer's answers 422 and buys nothing", async () => {
    const [a, b] = [
      await fundedCustomer(ctx.app, ctx.database, '100'),
      await fundedCustomer(ctx.app, ctx.database, '100'),
    ];
    const itemId = await packageId('IVR');
    const orderId = randomUUID();
    expect((await buy(a.cookie, { itemId, orderId })).statusCode).toBe(201);
    const orders = await orderCount();
    const res = await buy(b.cookie, { itemId, orderId });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await balanceOf(ctx.database, b.id)).toBe('100.00');
    expect(await orderCount()).toBe(orders);
  });

  it('sent at once with two different items buys one of them, once', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '100');
    // Two items either of which may be bought alone: a loser's only refusal is the id
    // (Failover needs a trunk, and one that lost the race before the winner committed
    // was refused for that instead, rightly).
    const items = [await packageId('Global Data 1 GB'), await packageId('Global Data 5 GB')];
    expect(items.every(Boolean)).toBe(true);
    const orderId = randomUUID();
    const results = await Promise.all(
      [0, 1, 0, 1, 0, 1].map((i) => buy(c.cookie, { itemId: items[i], orderId })),
    );
    const won = results.filter((r) => r.statusCode === 201).map((r) => r.json().itemId);
    const lost = results.filter((r) => r.statusCode !== 201);
    expect(new Set(won).size).toBe(1);
    expect(won).toHaveLength(3);
    expect(lost.map((r) => r.json().error.code)).toEqual(Array(3).fill('IDEMPOTENCY_KEY_REUSED'));
    const mine = (await send(ctx.app, 'GET', '/api/orders', c.cookie)).json();
    expect(mine).toHaveLength(1);
  });
});
