import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { adminSession, fundedCustomer, queryRows, send, until } from '../../../test/helpers.js';
import { buyNumber, callRow, verifyCallerId } from '../../../test/voice.js';
import { type Receiver, startReceiver, verified } from '../../../test/webhook-receiver.js';
import { enqueueWebhook } from '../../db/webhooks.js';
import { createSandboxGateway } from '../../integrations/sms/sandbox.js';
import { createSandboxVoiceGateway } from '../../integrations/voice/sandbox.js';
import { createSmsInboundRepo } from '../sms/sms-inbound.repo.js';

/**
 * Webhooks through the API against a receiver on 127.0.0.1 (allowed by
 * WEBHOOK_ALLOWED_HOSTS) that verifies each delivery with the `standardwebhooks`
 * package: endpoints, signed deliveries of real changes (an SMS's receipt), retries,
 * 410, rotation, redelivery, and request forgery refused at delivery time.
 */
const NAMES: Record<string, string> = {
  'loopback.example': '127.0.0.1',
  'private.example': '10.1.2.3',
  'mapped.example': '::ffff:127.0.0.1',
  'metadata.example': '169.254.169.254',
};
const ctx = useTestApp({
  env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' },
  deps: () => ({
    sms: { gateway: createSandboxGateway({ delayMs: 30 }), pollMs: 50 },
    voice: {
      gateway: createSandboxVoiceGateway({
        ringMs: 20,
        answerMs: 30,
        noAnswerMs: 60,
        farEndHangupMs: 60_000,
      }),
    },
    webhooks: {
      pollMs: 3_600_000,
      random: () => 0.5,
      resolve: async (host: string) => {
        const address = NAMES[host];
        if (!address) throw new Error(`no such name ${host}`);
        return [{ address, family: address.includes(':') ? 6 : 4 }];
      },
    },
  }),
  seedCatalogue: true,
  ready: true,
});

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

type Endpoint = { id: string; secret: string; enabled: boolean; disabledReason: string | null };
type Delivery = {
  id: string;
  messageId: string;
  event: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  latencyMs: number | null;
  responseExcerpt: string | null;
  error: string | null;
  nextAttemptAt: string | null;
};

const base = '/api/account/webhooks';

async function endpoint(cookie: string, url: string, events = ['sms.delivered', 'sms.failed']) {
  const res = await send(ctx.app, 'POST', base, cookie, { url, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Endpoint;
}

async function deliveries(cookie: string, id: string): Promise<Delivery[]> {
  const res = await send(ctx.app, 'GET', `${base}/${id}/deliveries?page=1&pageSize=50`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

/** Every due delivery sent now, as the sender's next pass would. */
/** A whole sender pass begun after this call (the first waits out one under way). */
const pass = async () => {
  await ctx.app.webhookSender.runOnce();
  await ctx.app.webhookSender.runOnce();
};
/** The waits skipped: every pending delivery due now. */
const dueNow = () =>
  ctx.database.db.execute(
    sql`update webhook_deliveries set next_attempt_at = now() where status = 'pending'`,
  );
const toPath = (path: string) => receiver.received.filter((r) => r.path === path);

describe('webhook endpoints', () => {
  it('creates an endpoint with a whsec_ secret shown once, audited, never listed', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '0');
    const made = await endpoint(c.cookie, receiver.url('/a'));
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(made.secret.slice(6), 'base64')).toHaveLength(32);
    const list = await send(ctx.app, 'GET', base, c.cookie);
    expect(list.json().items).toHaveLength(1);
    expect(list.body).not.toContain(made.secret.slice(6));
    const [audit] = await queryRows<{ action: string }>(
      ctx.database,
      sql`select action from audit_log where target_id = ${made.id}`,
    );
    expect(audit?.action).toBe('webhook.create');
    const stored = await queryRows<{ secret: string }>(
      ctx.database,
      sql`select secret from webhook_endpoints where id = ${made.id}`,
    );
    expect(stored[0]?.secret).not.toContain(made.secret.slice(6));
  });

  it('refuses http, private addresses and unknown events unless the host is allowed', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '0');
    for (const url of [
      'http://hooks.example.com/x',
      'https://10.0.0.1/x',
      'https://[::1]/x',
      'https://localhost/x',
    ]) {
      const res = await send(ctx.app, 'POST', base, c.cookie, { url, events: ['sms.delivered'] });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().error.code).toBe('WEBHOOK_URL_NOT_ALLOWED');
    }
    const bad = await send(ctx.app, 'POST', base, c.cookie, {
      url: 'https://a.example/x',
      events: ['sms.sent'],
    });
    expect(bad.statusCode).toBe(400);
    const other = await fundedCustomer(ctx.app, ctx.database, '0');
    const theirs = await endpoint(other.cookie, receiver.url('/theirs'));
    const res = await send(ctx.app, 'GET', `${base}/${theirs.id}/deliveries`, c.cookie);
    expect(res.statusCode).toBe(404);
    expect((await send(ctx.app, 'DELETE', `${base}/${theirs.id}`, c.cookie)).statusCode).toBe(404);
  });
});

describe('the outbox', () => {
  it('writes a delivery per enabled endpoint that asked for the event, only if the change commits', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '0');
    const wants = await endpoint(c.cookie, receiver.url('/outbox-a'), ['balance.low']);
    await endpoint(c.cookie, receiver.url('/outbox-b'), ['sms.failed']);
    const off = await endpoint(c.cookie, receiver.url('/outbox-c'), ['balance.low']);
    await send(ctx.app, 'PATCH', `${base}/${off.id}`, c.cookie, { enabled: false });
    const data = { balance: '1.00', threshold: '5.00', currency: 'GBP' };
    await expect(
      ctx.database.db.transaction(async (tx) => {
        expect(await enqueueWebhook(tx, c.id, 'balance.low', data)).toBe(1);
        throw new Error('the change rolls back');
      }),
    ).rejects.toThrow('rolls back');
    const none = await queryRows<{ n: number }>(
      ctx.database,
      sql`select count(*)::int as n from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id where e.user_id = ${c.id}`,
    );
    expect(none[0]?.n).toBe(0);
    await ctx.database.db.transaction((tx) => enqueueWebhook(tx, c.id, 'balance.low', data));
    const rows = await queryRows<{ endpoint_id: string; payload: { type: string } }>(
      ctx.database,
      sql`select d.endpoint_id, d.payload from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id where e.user_id = ${c.id}`,
    );
    expect(rows.map((r) => r.endpoint_id)).toEqual([wants.id]);
    expect(rows[0]?.payload.type).toBe('balance.low');
  });
});

describe('deliveries', () => {
  it("sends a test event, signed, and logs the receiver's answer", async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '0');
    const made = await endpoint(c.cookie, receiver.url('/test'));
    receiver.answer(() => ({ status: 200, body: 'thanks' }));
    const res = await send(ctx.app, 'POST', `${base}/${made.id}/test`, c.cookie);
    expect(res.statusCode).toBe(202);
    await pass();
    const [got] = toPath('/test');
    if (!got) throw new Error('nothing arrived');
    expect(verified(made.secret, got).type).toBe('webhook.test');
    const [logged] = await deliveries(c.cookie, made.id);
    expect(logged).toMatchObject({
      status: 'delivered',
      attempts: 1,
      responseStatus: 200,
      responseExcerpt: 'thanks',
    });
    expect(logged?.messageId).toBe(got.headers['webhook-id']);
  });

  it("tells of an SMS's delivery and failure receipts, signed", async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '5.00');
    const made = await endpoint(c.cookie, receiver.url('/sms'));
    receiver.answer(() => ({ status: 204 }));
    for (const recipient of ['+447400700001', '+447400700000']) {
      const res = await send(ctx.app, 'POST', '/api/sms/send', c.cookie, {
        senderId: 'Parley',
        recipient,
        message: 'Webhook test',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const got = await until(
      async () => {
        await pass();
        return toPath('/sms');
      },
      (r) => r.length >= 2,
    );
    const events = got.map((r) => verified(made.secret, r));
    expect(events.map((e) => e.type).sort()).toEqual(['sms.delivered', 'sms.failed']);
    const delivered = events.find((e) => e.type === 'sms.delivered');
    expect(delivered?.data).toMatchObject({
      to: '+447400700001',
      status: 'delivered',
      currency: 'GBP',
    });
  });

  it('tells of a message received on a number the customer holds, and of none to others', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '50.00');
    const number = await buyNumber(ctx.app, ctx.database, c.cookie);
    const made = await endpoint(c.cookie, receiver.url('/inbound'), ['sms.received']);
    receiver.answer(() => ({ status: 200 }));
    const inbound = createSmsInboundRepo(ctx.database.db);
    const message = {
      source: '447700900123',
      esmClass: 0,
      dataCoding: 0,
      kind: 'message' as const,
    };
    await inbound.storeInbound({
      ...message,
      destination: number.slice(1),
      message: 'Hello there',
    });
    await inbound.storeInbound({ ...message, destination: '15550001111', message: 'Not theirs' });
    await pass();
    const got = toPath('/inbound');
    expect(got).toHaveLength(1);
    const event = verified(made.secret, got[0] as (typeof got)[number]);
    expect(event).toMatchObject({
      type: 'sms.received',
      data: { to: number, message: 'Hello there' },
    });
  });

  it('retries a failing receiver until it recovers, honouring Retry-After, and logs each try', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '0');
    const made = await endpoint(c.cookie, receiver.url('/flaky'));
    receiver.answer(() => ({ status: 503, headers: { 'retry-after': '120' }, body: 'busy' }));
    const before = Date.now();
    await send(ctx.app, 'POST', `${base}/${made.id}/test`, c.cookie);
    await pass();
    const [first] = await deliveries(c.cookie, made.id);
    expect(first).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: 503,
      responseExcerpt: 'busy',
    });
    expect(Date.parse(first?.nextAttemptAt ?? '')).toBeGreaterThanOrEqual(before + 120_000);
    const list = (await send(ctx.app, 'GET', base, c.cookie)).json().items as {
      failingSince: string | null;
    }[];
    expect(list[0]?.failingSince).not.toBeNull();
    receiver.answer(() => ({ status: 200 }));
    await dueNow();
    await pass();
    const [second] = await deliveries(c.cookie, made.id);
    expect(second).toMatchObject({
      status: 'delivered',
      attempts: 2,
      responseStatus: 200,
      nextAttemptAt: null,
    });
    const arrived = toPath('/flaky');
    expect(arrived).toHaveLength(2);
    expect(new Set(arrived.map((r) => r.headers['webhook-id'])).size).toBe(1);
  });

  it('turns an endpoint off when it answers 410, and tells the customer', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '0');
    const made = await endpoint(c.cookie, receiver.url('/gone'));
    receiver.answer(() => ({ status: 410 }));
    await send(ctx.app, 'POST', `${base}/${made.id}/test`, c.cookie);
    await pass();
    const [d] = await deliveries(c.cookie, made.id);
    expect(d).toMatchObject({ status: 'failed', responseStatus: 410 });
    const list = (await send(ctx.app, 'GET', base, c.cookie)).json().items as Endpoint[];
    expect(list[0]).toMatchObject({ enabled: false, disabledReason: 'gone' });
    const notices = (await send(ctx.app, 'GET', '/api/notifications', c.cookie)).json().items;
    expect(notices[0]).toMatchObject({
      code: 'webhook.disabled',
      params: { url: receiver.url('/gone') },
    });
    const again = await send(ctx.app, 'POST', `${base}/${made.id}/test`, c.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('WEBHOOK_ENDPOINT_DISABLED');
    const on = await send(ctx.app, 'PATCH', `${base}/${made.id}`, c.cookie, { enabled: true });
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });

  it('signs with the old and the new secret for a day after a rotation', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '0');
    const made = await endpoint(c.cookie, receiver.url('/rotate'));
    const res = await send(ctx.app, 'POST', `${base}/${made.id}/rotate`, c.cookie);
    expect(res.statusCode).toBe(200);
    const rotated = res.json() as Endpoint;
    expect(rotated.secret).not.toBe(made.secret);
    receiver.answer(() => ({ status: 200 }));
    await send(ctx.app, 'POST', `${base}/${made.id}/test`, c.cookie);
    await pass();
    const [got] = toPath('/rotate');
    if (!got) throw new Error('nothing arrived');
    expect(got.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(verified(made.secret, got).type).toBe('webhook.test');
    expect(verified(rotated.secret, got).type).toBe('webhook.test');
  });

  it('sends a delivery again with the same webhook-id', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '0');
    const made = await endpoint(c.cookie, receiver.url('/again'));
    receiver.answer(() => ({ status: 200 }));
    await send(ctx.app, 'POST', `${base}/${made.id}/test`, c.cookie);
    await pass();
    const [d] = await deliveries(c.cookie, made.id);
    const res = await send(
      ctx.app,
      'POST',
      `${base}/${made.id}/deliveries/${d?.id}/redeliver`,
      c.cookie,
    );
    expect(res.statusCode).toBe(202);
    await pass();
    const arrived = toPath('/again');
    expect(arrived).toHaveLength(2);
    expect(arrived[1]?.headers['webhook-id']).toBe(arrived[0]?.headers['webhook-id']);
    expect(await deliveries(c.cookie, made.id)).toHaveLength(2);
  });
});

describe('calls', () => {
  it('tells of a call ringing, answered and ended, with its duration and cost', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '5.00');
    await verifyCallerId(ctx.app, ctx.database, c.cookie, '+447400111222');
    const made = await endpoint(c.cookie, receiver.url('/call'), [
      'call.ringing',
      'call.answered',
      'call.ended',
    ]);
    receiver.answer(() => ({ status: 200 }));
    const placed = await send(ctx.app, 'POST', '/api/sip/call', c.cookie, {
      callerId: '+447400111222',
      destination: '+447400123456',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().id as string;
    await until(
      () => callRow(ctx.database, id),
      (r) => r?.status === 'answered',
    );
    await send(ctx.app, 'DELETE', `/api/sip/calls/${id}`, c.cookie);
    await pass();
    const events = toPath('/call').map((r) => verified(made.secret, r));
    expect(events.map((e) => e.type).sort()).toEqual([
      'call.answered',
      'call.ended',
      'call.ringing',
    ]);
    const ended = events.find((e) => e.type === 'call.ended');
    expect(ended?.data).toMatchObject({
      id,
      status: 'ended',
      billableSeconds: 60,
      cost: '0.0119',
      currency: 'GBP',
    });
    expect(typeof ended?.data.duration).toBe('number');
  });
});

describe('payments', () => {
  it('tells of a payment credited when an admin approves it', async () => {
    const admin = await adminSession(ctx, `webhooks-pay-${Date.now()}@example.com`);
    const btc = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
    const wallet = { currency: 'BTC', network: 'bitcoin', address: btc };
    expect(
      (await send(ctx.app, 'POST', '/api/admin/crypto-wallets', admin, wallet)).statusCode,
    ).toBe(201);
    const c = await fundedCustomer(ctx.app, ctx.database, '0');
    const made = await endpoint(c.cookie, receiver.url('/paid'), ['payment.credited']);
    receiver.answer(() => ({ status: 200 }));
    const quote = (
      await send(ctx.app, 'POST', '/api/payments/quote', c.cookie, {
        amount: '150.00',
        currency: 'BTC',
      })
    ).json();
    const created = await send(ctx.app, 'POST', '/api/transactions/create', c.cookie, {
      amount: '150.00',
      currency: 'BTC',
      walletAddress: btc,
      serviceName: 'Add Funds',
      servicePrice: '150.00',
      txHash: 'b'.repeat(64),
      quoteId: quote.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const tx = created.json();
    await pass();
    expect(toPath('/paid')).toHaveLength(0);
    const approved = await send(ctx.app, 'POST', `/api/admin/payments/${tx.id}/approve`, admin, {});
    expect(approved.statusCode).toBe(200);
    await pass();
    const [got] = toPath('/paid');
    if (!got) throw new Error('nothing arrived');
    const event = verified(made.secret, got);
    expect(event.type).toBe('payment.credited');
    expect(event.data).toMatchObject({
      paymentId: tx.id,
      amount: tx.creditAmount,
      currency: 'GBP',
      coin: 'BTC',
    });
  });
});

describe('request forgery', () => {
  it('refuses names resolving to loopback, private, mapped or metadata addresses at delivery', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '0');
    for (const host of Object.keys(NAMES)) {
      const made = await endpoint(c.cookie, `https://${host}/hook`);
      await send(ctx.app, 'POST', `${base}/${made.id}/test`, c.cookie);
      await pass();
      const [d] = await deliveries(c.cookie, made.id);
      expect(d?.status, host).toBe('pending');
      expect(d?.error, host).toMatch(/^refused: .* private address$/);
      expect(d?.responseStatus).toBeNull();
    }
  });

  it('does not follow a redirect', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '0');
    const made = await endpoint(c.cookie, receiver.url('/moved'));
    receiver.answer((r) =>
      r.path === '/moved'
        ? { status: 307, headers: { location: receiver.url('/target') } }
        : { status: 200 },
    );
    await send(ctx.app, 'POST', `${base}/${made.id}/test`, c.cookie);
    await pass();
    const [d] = await deliveries(c.cookie, made.id);
    expect(d).toMatchObject({ status: 'pending', responseStatus: 307 });
    expect(toPath('/target')).toHaveLength(0);
  });
});

describe('the admin', () => {
  it("sees a customer's endpoints and their failure state; a customer cannot", async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '0');
    await endpoint(c.cookie, receiver.url('/admin-view'));
    const admin = await adminSession(ctx, `webhooks-admin-${Date.now()}@example.com`);
    const url = `/api/admin/users/${c.id}/webhooks`;
    const res = await send(ctx.app, 'GET', url, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toMatchObject({
      url: receiver.url('/admin-view'),
      enabled: true,
      failingSince: null,
    });
    expect(res.body).not.toContain('whsec_');
    expect((await send(ctx.app, 'GET', url, c.cookie)).statusCode).toBe(403);
  });
});
