import type { DomainEvent, FulfilmentTask } from '@parley/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import {
  adminSession,
  balanceOf,
  fundedCustomer,
  type Method,
  queryRows,
  send,
  until,
} from '../../../test/helpers.js';

let admin: string;
const ctx = useTestApp({ seedCatalogue: true });
beforeAll(async () => {
  admin = await adminSession(ctx, 'fulfilment-admin@example.com');
});

const call = (method: Method, url: string, cookie: string | null, payload?: unknown) =>
  send(ctx.app, method, url, cookie, payload);
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.database, query);
const packageId = async (name: string) =>
  (await rows<{ id: string }>(sql`select id from packages where name = ${name}`))[0]?.id as string;
const tasksOf = (userId: string) =>
  rows<{ id: string; order_id: string; status: string; item_name: string }>(
    sql`select id, order_id, status, item_name from fulfilment_tasks where user_id = ${userId}`,
  );
const messagesOf = (userId: string) =>
  rows<{ kind: string; body: string; author_id: string | null }>(
    sql`select m.kind, m.body, m.author_id from chat_messages m
        join chat_sessions s on s.id = m.session_id where s.user_id = ${userId} order by m.id`,
  );
const fundedCustomerIn = async (gbp: string, language?: string) => {
  const c = await fundedCustomer(ctx.app, ctx.database, gbp);
  if (language)
    await ctx.database.db.execute(sql`update users set language = ${language} where id = ${c.id}`);
  return c;
};

describe('the catalogue', () => {
  it('starts the items Parley cannot run itself as fulfilled by our team, and only those', async () => {
    const team = await rows<{ name: string }>(
      sql`select name from packages where fulfilment = 'team' order by name`,
    );
    // Sorted here: the database's collation may order '1,000' and '10,000' either way.
    expect(team.map((r) => r.name).sort()).toEqual([
      '1,000 SMS Credits',
      '10,000 SMS Credits',
      '100,000 SMS Credits',
      'Analytics',
      'Call Center',
      'Cloud PBX',
      'Global Data 1 GB',
      'Global Data 20 GB',
      'Global Data 5 GB',
      'IVR',
      'IVR Add-on',
      'PBX',
      'PBX Add-on',
      'SMTP Enterprise',
    ]);
    const listed = (await call('GET', '/api/admin/packages', admin)).json() as {
      name: string;
      fulfilment: string;
    }[];
    expect(listed.find((p) => p.name === 'Cloud PBX')?.fulfilment).toBe('team');
    expect(listed.find((p) => p.name === 'Trunk Starter')?.fulfilment).toBe('automatic');
  });

  it('lets an admin mark an item fulfilled by our team, and refuses an unknown kind', async () => {
    const id = await packageId('SMTP Basic');
    const pkg = (await call('GET', '/api/admin/packages', admin))
      .json()
      .find((p: { id: string }) => p.id === id);
    const { id: _id, serviceSlug: _slug, ...input } = pkg;
    const bad = await call('PUT', `/api/admin/packages/${id}`, admin, {
      ...input,
      fulfilment: 'robots',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('fulfilment');
    const ok = await call('PUT', `/api/admin/packages/${id}`, admin, {
      ...input,
      fulfilment: 'team',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().fulfilment).toBe('team');
    const back = await call('PUT', `/api/admin/packages/${id}`, admin, {
      ...input,
      fulfilment: 'automatic',
    });
    expect(back.json().fulfilment).toBe('automatic');
  });
});

describe('buying an item fulfilled by our team', () => {
  it('opens exactly one task and a chat message in the customer’s language, announced live', async () => {
    const seen: DomainEvent[] = [];
    const stop = ctx.app.events.subscribe((e) => seen.push(e));
    const { cookie, id } = await fundedCustomerIn('100.00', 'de');
    const res = await call('POST', '/api/orders', cookie, { itemId: await packageId('Cloud PBX') });
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order.fulfilment).toBe('open');
    const tasks = await tasksOf(id);
    expect(tasks).toEqual([
      expect.objectContaining({ order_id: order.id, status: 'open', item_name: 'Cloud PBX' }),
    ]);
    const messages = await messagesOf(id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ kind: 'admin', author_id: null });
    expect(messages[0]?.body).toContain('Vielen Dank');
    // Delivered after the commit (on PostgreSQL, through NOTIFY).
    const mineOnly = () =>
      seen.filter((e) => 'userId' in e.data && e.data.userId === id).map((e) => e.type);
    await until(
      async () => mineOnly(),
      (types) => types.length >= 2,
    );
    stop();
    expect(mineOnly()).toEqual(['fulfilment.updated', 'chat.message']);
    // The customer's list says it is being set up; the chat shows the team's message.
    const mine = (await call('GET', '/api/orders', cookie)).json();
    expect(mine[0]).toMatchObject({ id: order.id, fulfilment: 'open' });
    const chat = (await call('GET', '/api/chat/session', cookie)).json();
    expect(chat.unread).toBe(1);
  });

  it('opens none when the purchase fails: balance too low', async () => {
    const { cookie, id } = await fundedCustomerIn('1.00');
    const res = await call('POST', '/api/orders', cookie, {
      itemId: await packageId('Call Center'),
    });
    expect(res.statusCode).toBe(402);
    expect(await tasksOf(id)).toEqual([]);
    expect(await messagesOf(id)).toEqual([]);
  });

  it('rolls the order and the debit back with the task when the chat message cannot be written', async () => {
    const { cookie, id } = await fundedCustomerIn('100.00');
    // A fault inside the sale's transaction, after the order and the task are written.
    await ctx.database.db.execute(
      sql.raw(`create function refuse_chat() returns trigger language plpgsql as $$
        begin raise exception 'chat refused'; end $$`),
    );
    await ctx.database.db.execute(
      sql.raw(`create trigger refuse_chat before insert on chat_messages for each row
        when (new.author_id is null) execute function refuse_chat()`),
    );
    try {
      const res = await call('POST', '/api/orders', cookie, { itemId: await packageId('IVR') });
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.database.db.execute(sql.raw('drop trigger refuse_chat on chat_messages'));
      await ctx.database.db.execute(sql.raw('drop function refuse_chat()'));
    }
    expect(await tasksOf(id)).toEqual([]);
    expect(await rows(sql`select id from orders where user_id = ${id}`)).toEqual([]);
    expect(await balanceOf(ctx.database, id)).toBe('100.00');
  });

  it('opens none for an item provisioned automatically', async () => {
    const { cookie, id } = await fundedCustomerIn('100.00');
    const res = await call('POST', '/api/orders', cookie, {
      itemId: await packageId('Trunk Starter'),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().fulfilment).toBeNull();
    expect(await tasksOf(id)).toEqual([]);
    expect(await messagesOf(id)).toEqual([]);
  });

  it('opens one task for a repeated request with the same order id', async () => {
    const { cookie, id } = await fundedCustomerIn('100.00');
    const body = { itemId: await packageId('Global Data 1 GB'), orderId: crypto.randomUUID() };
    const [a, b] = await Promise.all([
      call('POST', '/api/orders', cookie, body),
      call('POST', '/api/orders', cookie, body),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    // The replayed answer carries the task's status too.
    expect([a.json().fulfilment, b.json().fulfilment]).toEqual(['open', 'open']);
    const forAdmin = (await call('GET', `/api/admin/users/${id}/orders`, admin)).json();
    expect(forAdmin.items[0]).toMatchObject({ id: body.orderId, fulfilment: 'open' });
    expect(await tasksOf(id)).toHaveLength(1);
    expect(await messagesOf(id)).toHaveLength(1);
  });
});

describe('the admins’ queue', () => {
  it('lists open tasks earliest due first, and marks one done once (one audit row)', async () => {
    const buyer = await fundedCustomerIn('300.00');
    await call('POST', '/api/orders', buyer.cookie, { itemId: await packageId('PBX Add-on') });
    const bought = (await tasksOf(buyer.id))[0] as { id: string; order_id: string };
    // An older order's task is due earlier.
    await ctx.database.db.execute(
      sql`update fulfilment_tasks set due_at = now() - interval '1 day' where id = ${bought.id}`,
    );
    const list = await call('GET', '/api/admin/fulfilment', admin);
    expect(list.statusCode).toBe(200);
    const tasks = list.json() as FulfilmentTask[];
    const dues = tasks.map((t) => t.dueAt);
    expect(dues).toEqual([...dues].sort());
    const mine = tasks.find((t) => t.id === bought.id);
    expect(mine).toMatchObject({
      orderId: bought.order_id,
      email: expect.stringContaining('@'),
      itemName: 'PBX Add-on (SIP Calling)',
      status: 'open',
      chatSessionId: expect.any(String),
    });
    expect(tasks[0]?.id).toBe(bought.id);

    const seen: DomainEvent[] = [];
    const stop = ctx.app.events.subscribe((e) => seen.push(e));
    const first = await call('POST', `/api/admin/fulfilment/${bought.id}/done`, admin);
    const second = await call('POST', `/api/admin/fulfilment/${bought.id}/done`, admin);
    // On PostgreSQL the purchase's own 'open' may still be on its way: count the 'done's.
    const done = () =>
      seen.filter((e) => e.type === 'fulfilment.updated' && e.data.status === 'done');
    await until(
      async () => done(),
      (events) => events.length >= 1,
    );
    // Time for a second announcement, were there one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    stop();
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json()).toMatchObject({ status: 'done', doneAt: expect.any(String) });
    expect(second.json().doneAt).toBe(first.json().doneAt);
    const audits = await rows(
      sql`select id from audit_log where action = 'fulfilment.done' and target_id = ${bought.id}`,
    );
    expect(audits).toHaveLength(1);
    expect(done()).toHaveLength(1);
    const after = (await call('GET', '/api/admin/fulfilment', admin)).json() as FulfilmentTask[];
    expect(after.some((t) => t.id === bought.id)).toBe(false);
    const orders = (await call('GET', '/api/orders', buyer.cookie)).json();
    expect(orders[0]).toMatchObject({ fulfilment: 'done', status: 'active' });
  });

  it('answers 404 for an unknown task and 400 for a malformed id', async () => {
    const missing = await call(
      'POST',
      '/api/admin/fulfilment/00000000-0000-4000-8000-000000000000/done',
      admin,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
    const bad = await call('POST', '/api/admin/fulfilment/not-a-uuid/done', admin);
    expect(bad.statusCode).toBe(400);
  });

  it('is refused to customers (403) and visitors (401)', async () => {
    const { cookie } = await fundedCustomerIn('0');
    expect((await call('GET', '/api/admin/fulfilment', cookie)).statusCode).toBe(403);
    expect(
      (
        await call(
          'POST',
          '/api/admin/fulfilment/00000000-0000-4000-8000-000000000000/done',
          cookie,
        )
      ).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/admin/fulfilment', null)).statusCode).toBe(401);
  });
});
