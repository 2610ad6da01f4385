import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.js';
import { digestHashes } from '../src/modules/voice/sip-accounts.service.js';
import { fundedCustomer, queryRows, send } from './helpers.js';

export const EDGE_SECRET = 'edge-secret-edge-secret-edge-secret-42';

/** A request as the SIP edge sends it (its secret, unless another is given). */
export function edge(app: FastifyInstance, path: string, body: unknown, secret = EDGE_SECRET) {
  return app.inject({
    method: 'POST',
    url: `/internal/voice/${path}`,
    headers: secret ? { authorization: `Bearer ${secret}` } : {},
    payload: body as object,
  });
}

/**
 * Makes `number` a verified caller ID of the customer, as a confirmed code leaves it.
 * Written directly: a number is sent at most 3 codes an hour whoever asks, and a test
 * file verifies one number for many customers. The code flow itself is tested in
 * caller-ids.int.test.ts and voice.int.test.ts.
 */
export async function verifyCallerId(
  app: FastifyInstance,
  database: Database,
  cookie: string,
  number: string,
) {
  const me = await send(app, 'GET', '/api/auth/user', cookie);
  if (me.statusCode !== 200) throw new Error(`verify: ${me.statusCode} ${me.body}`);
  const userId = me.json().id as string;
  await database.db.execute(sql`
    insert into caller_ids (user_id, number, verified_at) values (${userId}, ${number}, now())
    on conflict (user_id, number) do update set verified_at = now(), code_hash = null,
      code_expires_at = null, sandbox_code = null`);
}

/** A call's row as stored. */
export async function callRow(database: Database, id: string) {
  const [row] = await queryRows<{
    status: string;
    cost: string | null;
    duration: number | null;
    hangup_cause: string | null;
    hold: string;
  }>(
    database,
    sql`select status, cost::text, duration, hangup_cause, hold::text from calls where id = ${id}`,
  );
  return row;
}

/** The customer's balance and what calls hold of it, as stored. */
export async function moneyOf(database: Database, userId: string) {
  const [row] = await queryRows<{ balance: string; held: string }>(
    database,
    sql`select crypto_balance::text as balance, held::text as held from users where id = ${userId}`,
  );
  return row;
}

/** The ledger rows of one call. */
export async function callCharges(database: Database, callId: string) {
  return queryRows<{ amount: string }>(
    database,
    sql`select amount::text from ledger_entries where reference = ${`call:${callId}`}`,
  );
}

/** Buys the first number still for sale for the customer; answers it (E.164). */
export async function buyNumber(app: FastifyInstance, database: Database, cookie: string) {
  const [number] = await queryRows<{ id: string; number: string }>(
    database,
    sql`select id, number from did_numbers where status = 'available' order by number limit 1`,
  );
  if (!number) throw new Error('no number to buy');
  const bought = await send(app, 'POST', '/api/orders', cookie, { itemId: number.id });
  if (bought.statusCode !== 201) throw new Error(`buy: ${bought.statusCode} ${bought.body}`);
  return number.number;
}

/** A customer with `gbp`, `callerId` verified and the SIP account's username, for edge calls. */
export async function sipCaller(
  ctx: { app: FastifyInstance; database: Database },
  gbp: string,
  callerId: string,
) {
  const c = await fundedCustomer(ctx.app, ctx.database, gbp);
  await verifyCallerId(ctx.app, ctx.database, c.cookie, callerId);
  const username = (await send(ctx.app, 'GET', '/api/sip/account', c.cookie)).json().username;
  return { ...c, username: username as string };
}

/** Buys the package named `name` for the customer; answers its order's id. */
export async function buyPackage(
  app: FastifyInstance,
  database: Database,
  cookie: string,
  name: string,
) {
  const [pkg] = await queryRows<{ id: string }>(
    database,
    sql`select id from packages where name = ${name} limit 1`,
  );
  if (!pkg) throw new Error(`no package ${name}`);
  const bought = await send(app, 'POST', '/api/orders', cookie, { itemId: pkg.id });
  if (bought.statusCode !== 201) throw new Error(`buy: ${bought.statusCode} ${bought.body}`);
  return bought.json().id as string;
}

export interface TestTrunk {
  authMethod: 'ip' | 'credentials' | 'tls';
  codec?: 'g711' | 'g722' | 'g729' | 'opus';
  /** The package's channels (the trunk's limit here). */
  channels?: number;
  callerId?: string | null;
  inboundHost?: string | null;
  /** Addresses or CIDR ranges of its PBX (IP authentication). */
  addresses?: string[];
  domain: string;
}

/**
 * A SIP trunk for the customer, as buying "Trunk Professional" leaves it and its
 * settings as the customer set them: the order bought through the API, the trunk's row
 * (and its addresses) written here, with credentials for `domain`. Answers its id,
 * order and credentials.
 */
export async function buyTrunk(
  ctx: { app: FastifyInstance; database: Database },
  c: { cookie: string; id: string },
  t: TestTrunk,
) {
  const orderId = await buyPackage(ctx.app, ctx.database, c.cookie, 'Trunk Professional');
  const username = `t${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const password = `Pbx-${Math.random().toString(36).slice(2, 14)}`;
  const { ha1, ha1b } = digestHashes(username, t.domain, password);
  const [trunk] = await queryRows<{ id: string }>(
    ctx.database,
    sql`insert into sip_trunks (user_id, order_id, package_channels, auth_method, codec, username,
          domain, ha1, ha1b, caller_id, inbound_host)
        values (${c.id}, ${orderId}, ${t.channels ?? 50}, ${t.authMethod}, ${t.codec ?? 'g711'},
          ${username}, ${t.domain}, ${ha1}, ${ha1b}, ${t.callerId ?? null}, ${t.inboundHost ?? null})
        on conflict (order_id) do update set package_channels = excluded.package_channels,
          auth_method = excluded.auth_method, codec = excluded.codec, username = excluded.username,
          domain = excluded.domain, ha1 = excluded.ha1, ha1b = excluded.ha1b,
          caller_id = excluded.caller_id, inbound_host = excluded.inbound_host
        returning id`,
  );
  if (!trunk) throw new Error('no trunk written');
  for (const network of t.addresses ?? [])
    await ctx.database.db.execute(
      sql`insert into sip_trunk_addresses (trunk_id, network) values (${trunk.id}, ${network}::cidr)`,
    );
  return { id: trunk.id, orderId, username, password };
}
