import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.js';
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
