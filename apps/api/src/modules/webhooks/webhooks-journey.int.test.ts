import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { fundedCustomer, queryRows, send, until } from '../../../test/helpers.js';
import { type Receiver, startReceiver, verified } from '../../../test/webhook-receiver.js';
import { createSandboxGateway } from '../../integrations/sms/sandbox.js';

/**
 * Issue 35's first "done when", as a customer lives it: a key with `sms:send` sends an
 * SMS with the real curl against a listening server, a repeat with the same
 * Idempotency-Key is replayed, and the delivery receipt reaches the customer's receiver
 * signed, verified there with the `standardwebhooks` package, once.
 */
const CURL = '/usr/bin/curl';
const hasCurl = fs.existsSync(CURL);
if (!hasCurl) console.warn(`webhooks journey skipped: ${CURL} is missing`);

const ctx = useTestApp({
  env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' },
  deps: () => ({
    sms: { gateway: createSandboxGateway({ delayMs: 30 }), pollMs: 50 },
    webhooks: { pollMs: 3_600_000, random: () => 0.5 },
  }),
  seedCatalogue: true,
  ready: true,
});

let receiver: Receiver;
let base: string;
beforeAll(async () => {
  receiver = await startReceiver();
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => receiver.close());

type CurlAnswer = { status: number; headers: Record<string, string>; body: string };

/** A POST by the curl binary, as a customer's shell sends it; headers and body parsed. */
function curl(path: string, key: string, body: unknown, idempotencyKey: string) {
  const args = [
    '-sS',
    '-i',
    '--max-time',
    '10',
    '-H',
    `Authorization: Bearer ${key}`,
    '-H',
    `Idempotency-Key: ${idempotencyKey}`,
    '--json',
    JSON.stringify(body),
    `${base}${path}`,
  ];
  return new Promise<CurlAnswer>((resolve, reject) => {
    execFile(CURL, args, { timeout: 15_000 }, (error, stdout) => {
      if (error) return reject(error);
      const at = stdout.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = stdout.slice(0, at).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: stdout.slice(at + 4) });
    });
  });
}

async function newKey(cookie: string, scopes: string[]) {
  const res = await send(ctx.app, 'POST', '/api/account/api-keys', cookie, {
    name: 'Shell',
    scopes,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { secret: string }).secret;
}

/** A whole sender pass begun after this call (the first waits out one under way). */
const pass = async () => {
  await ctx.app.webhookSender.runOnce();
  await ctx.app.webhookSender.runOnce();
};

const SMS = { senderId: 'Parley', recipient: '+447400700001', message: 'Sent with curl' };

describe.skipIf(!hasCurl)('an SMS sent with curl and a key, its delivery told by webhook', () => {
  it('sends once, replays the repeat, and delivers sms.delivered signed, once', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '5.00');
    const key = await newKey(c.cookie, ['sms:send']);
    const hook = await send(ctx.app, 'POST', '/api/account/webhooks', c.cookie, {
      url: receiver.url('/journey'),
      events: ['sms.delivered'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const { secret } = hook.json() as { secret: string };

    const idempotencyKey = randomUUID();
    const first = await curl('/api/sms/send', key, SMS, idempotencyKey);
    expect(first.status, first.body).toBe(201);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['set-cookie']).toBeUndefined();
    const sms = JSON.parse(first.body) as { id: string; recipient: string };
    expect(sms.recipient).toBe(SMS.recipient);

    const again = await curl('/api/sms/send', key, SMS, idempotencyKey);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    const rows = await queryRows<{ n: number }>(
      ctx.database,
      sql`select count(*)::int as n from sms_messages where user_id = ${c.id}`,
    );
    expect(rows[0]?.n).toBe(1);

    const toHook = () => receiver.received.filter((r) => r.path === '/journey');
    const got = await until(
      async () => {
        await pass();
        return toHook();
      },
      (r) => r.length >= 1,
    );
    expect(got).toHaveLength(1);
    const event = verified(secret, got[0] as (typeof got)[number]);
    expect(event).toMatchObject({
      type: 'sms.delivered',
      data: { id: sms.id, to: SMS.recipient, status: 'delivered' },
    });
    // Another pass, every wait skipped, sends nothing more: it arrived once.
    await ctx.database.db.execute(
      sql`update webhook_deliveries set next_attempt_at = now() where status = 'pending'`,
    );
    await pass();
    expect(toHook()).toHaveLength(1);
  }, 30_000);

  it('answers a key without sms:send 403 API_KEY_SCOPE and sends nothing', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '5.00');
    const key = await newKey(c.cookie, ['sms:read']);
    const res = await curl('/api/sms/send', key, SMS, randomUUID());
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).error).toMatchObject({
      code: 'API_KEY_SCOPE',
      params: { scope: 'sms:send' },
    });
    const rows = await queryRows<{ n: number }>(
      ctx.database,
      sql`select count(*)::int as n from sms_messages where user_id = ${c.id}`,
    );
    expect(rows[0]?.n).toBe(0);
  }, 20_000);
});
