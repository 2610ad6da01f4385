import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceOf,
  createTestApp,
  fundedCustomer,
  queryRows,
  send,
} from '../../../test/helpers.js';
import { createSandboxGateway } from '../../integrations/sms/sandbox.js';
import { seedCatalogueOnce } from '../catalogue/catalogue-seed.repo.js';

const UK = '+447400123456';
let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp(
    {},
    { sms: { gateway: createSandboxGateway({ delayMs: 30 }), pollMs: 50 } },
  );
  await seedCatalogueOnce(ctx.database.db);
});
afterAll(() => ctx.close());

const sendSms = (cookie: string, body: object) =>
  send(ctx.app, 'POST', '/api/sms/send', cookie, body);
const messages = async (userId: string) =>
  (
    await queryRows<{ n: number }>(
      ctx.database,
      sql`select count(*)::int as n from sms_messages where user_id = ${userId}`,
    )
  )[0]?.n;

describe('a request id', () => {
  it('repeated with the same message returns the first; with a different one, 422', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '1.00');
    const requestId = randomUUID();
    const body = { senderId: 'Parley', recipient: UK, message: 'Hello', requestId };
    const first = await sendSms(c.cookie, body);
    expect(first.statusCode).toBe(201);
    const balance = await balanceOf(ctx.database, c.id);

    // The same request, the number written another way: the first message, charged once.
    const again = await sendSms(c.cookie, { ...body, recipient: '+44 7400 123456' });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);

    for (const changed of [
      { message: 'Hello again' },
      { recipient: '+447400123457' },
      { senderId: 'Other' },
    ]) {
      const res = await sendSms(c.cookie, { ...body, ...changed });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    }
    expect(await balanceOf(ctx.database, c.id)).toBe(balance);
    expect(await messages(c.id)).toBe(1);
  });

  it("that is another customer's answers 422 and sends nothing", async () => {
    const [a, b] = [
      await fundedCustomer(ctx.app, ctx.database, '1.00'),
      await fundedCustomer(ctx.app, ctx.database, '1.00'),
    ];
    const body = { senderId: 'Parley', recipient: UK, message: 'Hi', requestId: randomUUID() };
    expect((await sendSms(a.cookie, body)).statusCode).toBe(201);
    const res = await sendSms(b.cookie, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await balanceOf(ctx.database, b.id)).toBe('1.00');
    expect(await messages(b.id)).toBe(0);
  });

  it('sent at once with two different messages sends one of them, once', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '1.00');
    const requestId = randomUUID();
    const results = await Promise.all(
      ['A', 'B', 'A', 'B', 'A', 'B'].map((message) =>
        sendSms(c.cookie, { senderId: 'Parley', recipient: UK, message, requestId }),
      ),
    );
    const sent = results.filter((r) => r.statusCode === 201).map((r) => r.json().message);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(new Set(sent).size).toBe(1);
    expect(sent).toHaveLength(3);
    expect(refused.map((r) => r.json().error.code)).toEqual(
      Array(3).fill('IDEMPOTENCY_KEY_REUSED'),
    );
    expect(await messages(c.id)).toBe(1);
  });
});
