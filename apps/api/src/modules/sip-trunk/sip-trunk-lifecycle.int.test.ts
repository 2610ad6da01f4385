import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, queryRows } from '../../../test/helpers.js';
import type { Database } from '../../db/client.js';
import { provisionTrunk } from './sip-trunk.store.js';
import { createTrunkNumbersRepo } from './trunk-numbers.repo.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

const one = async (query: ReturnType<typeof sql>) => {
  const [row] = await queryRows<{ id: string }>(database, query);
  if (!row) throw new Error('nothing returned');
  return row.id;
};
let seq = 0;
const user = () =>
  one(sql`insert into users (email, password_hash)
    values (${`lifecycle${++seq}@example.com`}, 'x') returning id`);
const order = (userId: string, status = 'active', itemKind = 'package', itemId?: string) =>
  one(sql`insert into orders (user_id, item_kind, item_id, name, price, price_currency, charged,
      paid_with, billing_period, status, grace_until)
    values (${userId}, ${itemKind}, ${itemId ?? crypto.randomUUID()}, 'p', 10, 'GBP', 10,
      'balance', 'monthly', ${status}, ${status === 'grace' ? sql`now() + interval '3 days'` : null})
    returning id`);
const trunk = (
  userId: string,
  orderId: string,
  failover: string | null,
  analytics: string | null,
) =>
  one(sql`insert into sip_trunks (user_id, order_id, failover_order_id, analytics_order_id)
    values (${userId}, ${orderId}, ${failover}, ${analytics}) returning id`);
const address = (trunkId: string, network: string) =>
  database.db.execute(
    sql`insert into sip_trunk_addresses (trunk_id, network) values (${trunkId}, ${network}::cidr)`,
  );
const setStatus = (orderId: string, status: string) =>
  database.db.execute(sql`update orders set status = ${status},
    grace_until = ${status === 'grace' ? sql`now() + interval '3 days'` : null} where id = ${orderId}`);
const autoRenew = async (orderId: string) =>
  (
    await queryRows<{ auto_renew: boolean }>(
      database,
      sql`select auto_renew from orders where id = ${orderId}`,
    )
  )[0]?.auto_renew;
const addresses = async (trunkId: string) =>
  (
    await queryRows<{ network: string }>(
      database,
      sql`select network::text from sip_trunk_addresses where trunk_id = ${trunkId}`,
    )
  ).map((r) => r.network);

describe('cancelling a trunk order', () => {
  it('frees its addresses and stops its add-ons renewing, not its own order', async () => {
    const owner = await user();
    const own = await order(owner);
    const analytics = await order(owner);
    const mine = await trunk(owner, own, own, analytics);
    await address(mine, '81.2.69.0/24');
    const other = await user();
    const otherOrder = await order(other);
    const otherFailover = await order(other);
    const theirs = await trunk(other, otherOrder, otherFailover, null);
    await address(theirs, '81.2.70.1/32');

    await setStatus(own, 'cancelled');

    expect(await addresses(mine)).toEqual([]);
    expect(await autoRenew(analytics)).toBe(false);
    expect(await autoRenew(own)).toBe(true);
    expect(await addresses(theirs)).toEqual(['81.2.70.1/32']);
    expect(await autoRenew(otherFailover)).toBe(true);
    // The address is free for the next customer (the no-overlap constraint let it go).
    await address(theirs, '81.2.69.0/24');
    expect(await addresses(theirs)).toContain('81.2.69.0/24');
  });

  it('leaves addresses alone when the order is only suspended', async () => {
    const owner = await user();
    const own = await order(owner);
    const failover = await order(owner);
    const mine = await trunk(owner, own, failover, null);
    await address(mine, '81.2.71.0/24');
    await setStatus(own, 'suspended');
    expect(await addresses(mine)).toEqual(['81.2.71.0/24']);
    expect(await autoRenew(failover)).toBe(true);
  });
});

describe('a number leaving its customer', () => {
  const number = (trunkId: string) =>
    one(sql`insert into did_numbers (number, country_code, type, monthly_price, status, trunk_id)
      values (${`+4420700${String(++seq).padStart(5, '0')}`}, 'GB', 'local', 1, 'assigned',
        ${trunkId}) returning id`);
  const trunkOf = async (numberId: string) =>
    (
      await queryRows<{ trunk_id: string | null }>(
        database,
        sql`select trunk_id from did_numbers where id = ${numberId}`,
      )
    )[0]?.trunk_id;

  it('stops ringing the trunk once released, and keeps it while assigned', async () => {
    const owner = await user();
    const mine = await trunk(owner, await order(owner), null, null);
    const id = await number(mine);
    await database.db.execute(sql`update did_numbers set city = 'London' where id = ${id}`);
    expect(await trunkOf(id)).toBe(mine);
    await database.db.execute(sql`update did_numbers set status = 'available' where id = ${id}`);
    expect(await trunkOf(id)).toBeNull();
  });

  it('is routed only to a trunk in service', async () => {
    const owner = await user();
    const trunkOrder = await order(owner);
    const mine = await trunk(owner, trunkOrder, null, null);
    const id = await number(mine);
    await order(owner, 'active', 'number', id);
    const repo = createTrunkNumbersRepo(database.db);
    await setStatus(trunkOrder, 'suspended');
    expect(await repo.routeNumber(owner, id, null)).toBe(true);
    expect(await repo.routeNumber(owner, id, mine)).toBe(false);
    expect(await trunkOf(id)).toBeNull();
    await setStatus(trunkOrder, 'grace');
    expect(await repo.routeNumber(owner, id, mine)).toBe(true);
    expect(await trunkOf(id)).toBe(mine);
  });
});

describe('an add-on replacing a lapsed one', () => {
  let owner: string;
  let mine: string;
  let lapsed: string;
  beforeEach(async () => {
    owner = await user();
    lapsed = await order(owner, 'suspended');
    mine = await trunk(owner, await order(owner), null, lapsed);
  });

  it('takes its place, and the lapsed one no longer renews', async () => {
    const fresh = await order(owner);
    const attached = await database.db.transaction((tx) =>
      provisionTrunk(tx, {
        userId: owner,
        orderId: fresh,
        role: { kind: 'analytics' },
        at: new Date(),
      }),
    );
    expect(attached).toBe(true);
    const [row] = await queryRows<{ analytics_order_id: string }>(
      database,
      sql`select analytics_order_id from sip_trunks where id = ${mine}`,
    );
    expect(row?.analytics_order_id).toBe(fresh);
    expect(await autoRenew(lapsed)).toBe(false);
    expect(await autoRenew(fresh)).toBe(true);
  });
});
