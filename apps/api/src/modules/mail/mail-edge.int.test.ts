import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { balanceOf, queryRows, send } from '../../../test/helpers.js';
import { edgeAsk, MAIL_ENV, mailCustomer, recordedDns } from '../../../test/mail.js';

const dns = recordedDns();
const ctx = useTestApp({
  env: { ...MAIL_ENV, MAIL_DAILY_CAP: '40' },
  deps: { mailDns: dns },
  seedCatalogue: true,
});

/** A small allowance so tests reach it: the package's features say so (admins edit them). */
async function allowance(features: string[]) {
  await ctx.database.db.execute(
    sql`update packages set features = ${JSON.stringify(features)}::jsonb where name = 'SMTP Business'`,
  );
}

async function signedIn(username: string, password: string) {
  const res = await edgeAsk(ctx.app, 'auth', { username, password, remoteIp: '192.0.2.10' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function accept(
  credentialId: string,
  from: string,
  to: string[],
  clientMessageId?: string,
  headerFrom: string | null = from,
) {
  return edgeAsk(ctx.app, 'accept', {
    credentialId,
    messageId: randomUUID(),
    clientMessageId: clientMessageId ?? `<${randomUUID()}@client>`,
    from,
    headerFrom,
    to,
    subject: 'Invoice 42',
    size: 2048,
  });
}

const used = async (cookie: string) =>
  (await send(ctx.app, 'GET', '/api/mail', cookie)).json().package.used as number;

describe('the mail edge’s questions', () => {
  it('refuses without the edge secret', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/internal/mail/auth',
      payload: { username: 'smtp-aaaaaaaaaa', password: 'x', remoteIp: '192.0.2.1' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('checks AUTH, the sender’s domain and suppressed recipients', async () => {
    const c = await mailCustomer(ctx.app, ctx.database, dns);
    expect(await signedIn(c.username, 'wrong-password')).toEqual({
      allowed: false,
      reply: { code: 535, enhanced: '5.7.8', message: 'Authentication credentials invalid' },
    });
    const { credentialId } = await signedIn(c.username, c.password);
    expect(credentialId).toMatch(/^[0-9a-f-]{36}$/);

    const sender = async (from: string) =>
      (await edgeAsk(ctx.app, 'sender', { credentialId, from })).json();
    expect(await sender(`billing@${c.domain}`)).toEqual({ allowed: true });
    expect(await sender('ceo@unverified.example')).toMatchObject({
      allowed: false,
      reply: {
        code: 550,
        message: 'Sender domain unverified.example is not verified for this account',
      },
    });
    const refused = await accept(credentialId, 'x@unverified.example', ['a@b.example']);
    expect(refused.json().reply.code).toBe(550);
    // The envelope at a verified domain does not let the From header name another's.
    const spoofed = await accept(
      credentialId,
      `a@${c.domain}`,
      ['a@b.example'],
      undefined,
      'ceo@bank.example',
    );
    expect(spoofed.json().reply).toMatchObject({
      code: 550,
      message: 'Sender domain bank.example is not verified for this account',
    });
    const headerless = await accept(
      credentialId,
      `a@${c.domain}`,
      ['a@b.example'],
      undefined,
      null,
    );
    expect(headerless.json().reply).toMatchObject({ code: 550, enhanced: '5.6.0' });

    const recipient = async (to: string) =>
      (
        await edgeAsk(ctx.app, 'recipient', {
          credentialId,
          from: `a@${c.domain}`,
          to,
          accepted: 0,
        })
      ).json();
    expect(await recipient('someone@example.org')).toEqual({ allowed: true });
    await ctx.database.db.execute(sql`insert into mail_suppressions (user_id, address, reason)
      values (${c.id}, 'gone@example.org', 'bounce')`);
    expect((await recipient('Gone@Example.org')).reply).toMatchObject({
      code: 550,
      enhanced: '5.7.1',
    });
  });

  it('locks out an address after repeated wrong passwords', async () => {
    const c = await mailCustomer(ctx.app, ctx.database, dns);
    const tries = [];
    for (let i = 0; i < 12; i++) tries.push((await signedIn(c.username, `nope-${i}`)).reply.code);
    expect(tries.slice(0, 10).every((code) => code === 535)).toBe(true);
    expect(tries.slice(10)).toEqual([454, 454]);
    // Even the right password waits for the window.
    expect((await signedIn(c.username, c.password)).reply.code).toBe(454);
  });

  it('counts each recipient once, even when the client sends the same message again', async () => {
    const c = await mailCustomer(ctx.app, ctx.database, dns);
    const { credentialId } = await signedIn(c.username, c.password);
    const from = `news@${c.domain}`;
    const first = await accept(
      credentialId,
      from,
      ['a@x.example', 'B@x.example', 'b@x.example'],
      '<same@client>',
    );
    expect(first.json()).toMatchObject({
      allowed: true,
      duplicate: false,
      dkim: { domain: c.domain, selector: 'parley' },
    });
    expect(first.json().dkim.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(first.json().returnPath).toBe(`bounce+${first.json().messageId}@pm-bounces.${c.domain}`);
    const { messageId } = first.json();
    const retry = () => accept(credentialId, from, ['a@x.example', 'b@x.example'], '<same@client>');
    // Sent again at once while the first is on its way to the queue: try again shortly.
    expect((await retry()).json().reply).toMatchObject({ code: 451, enhanced: '4.3.0' });
    // Minutes later the edge has still not confirmed it queued (it failed, the client got
    // 451): the retry is queued, under the same id and not charged again.
    await ctx.database.db.execute(
      sql`update mail_messages set created_at = now() - interval '3 minutes' where id = ${messageId}`,
    );
    expect((await retry()).json()).toMatchObject({ allowed: true, duplicate: false, messageId });
    expect(await used(c.cookie)).toBe(2);
    // Once the queue holds it, the same message again is a duplicate: nothing is queued.
    expect((await edgeAsk(ctx.app, 'events', { messageId, kind: 'queued' })).json()).toEqual({
      ok: true,
    });
    expect((await retry()).json()).toMatchObject({ duplicate: true, messageId });
    // The same Message-ID to other recipients (a client splitting one message) is another
    // message: sent and counted.
    const split = await accept(credentialId, from, ['c@x.example'], '<same@client>');
    expect(split.json()).toMatchObject({ allowed: true, duplicate: false });
    expect(split.json().messageId).not.toBe(messageId);
    expect(await used(c.cookie)).toBe(3);
    // A delivery outcome names its recipient.
    const nameless = await edgeAsk(ctx.app, 'events', { messageId, kind: 'delivered' });
    expect(nameless.statusCode).toBe(400);
    const log = (await send(ctx.app, 'GET', '/api/mail/messages', c.cookie)).json();
    expect(log.total).toBe(2);
    expect(log.items[1]).toMatchObject({ from, subject: 'Invoice 42', size: 2048, cost: '0.00' });
    expect(log.items[1].recipients.map((r: { state: string }) => r.state)).toEqual([
      'queued',
      'queued',
    ]);
  });

  it('bills overage once per started 1,000, then refuses when the balance cannot pay', async () => {
    await allowance(['3 emails per month', '£0.80 per 1,000 extra emails']);
    const c = await mailCustomer(ctx.app, ctx.database, dns, {
      pkg: 'SMTP Business',
      balance: '100',
    });
    // The package was paid from a balance topped up for it: now the balance is what is left.
    await ctx.database.db.execute(sql`update users set crypto_balance = 0.80 where id = ${c.id}`);
    const { credentialId } = await signedIn(c.username, c.password);
    const from = `a@${c.domain}`;
    expect((await accept(credentialId, from, ['1@x.example', '2@x.example'])).json().allowed).toBe(
      true,
    );
    const over = await accept(credentialId, from, ['3@x.example', '4@x.example']);
    expect(over.json().allowed).toBe(true);
    expect(await balanceOf(ctx.database, c.id)).toBe('0.00');
    // Inside the block already paid: no new charge.
    expect((await accept(credentialId, from, ['5@x.example'])).json().allowed).toBe(true);
    const charges = await queryRows<{ amount: string; reference: string }>(
      ctx.database,
      sql`select amount::text, reference from ledger_entries where user_id = ${c.id} and reference like 'mail-overage:%'`,
    );
    expect(charges.map((r) => r.amount)).toEqual(['-0.8000']);
    expect(await used(c.cookie)).toBe(5);
    // The block is used up after 1,003; the balance is empty: a temporary refusal.
    await ctx.database.db.execute(sql`update mail_usage set used = 1003 where user_id = ${c.id}`);
    const broke = await accept(credentialId, from, ['6@x.example']);
    expect(broke.json().reply).toMatchObject({ code: 452, enhanced: '4.3.1' });
    expect(await used(c.cookie)).toBe(1003);
  });

  it('refuses for good once the allowance is used when the package has no overage', async () => {
    await allowance(['1 emails per month']);
    const c = await mailCustomer(ctx.app, ctx.database, dns, {
      pkg: 'SMTP Business',
      balance: '500',
    });
    const { credentialId } = await signedIn(c.username, c.password);
    expect((await accept(credentialId, `a@${c.domain}`, ['1@x.example'])).json().allowed).toBe(
      true,
    );
    const res = await accept(credentialId, `a@${c.domain}`, ['2@x.example']);
    expect(res.json().reply).toMatchObject({ code: 552 });
  });

  it('applies the daily cap per customer', async () => {
    await allowance(['10,000 emails per month']);
    const c = await mailCustomer(ctx.app, ctx.database, dns, {
      pkg: 'SMTP Business',
      balance: '500',
    });
    const { credentialId } = await signedIn(c.username, c.password);
    const many = Array.from({ length: 40 }, (_, i) => `r${i}@x.example`);
    expect((await accept(credentialId, `a@${c.domain}`, many)).json().allowed).toBe(true);
    const next = await edgeAsk(ctx.app, 'recipient', {
      credentialId,
      from: `a@${c.domain}`,
      to: 'z@x.example',
      accepted: 0,
    });
    expect(next.json().reply).toMatchObject({ code: 452 });
    expect((await accept(credentialId, `a@${c.domain}`, ['z@x.example'])).json().reply.code).toBe(
      452,
    );
  });

  it('records outcomes once; a bounce suppresses the address; overdue recipients expire', async () => {
    const c = await mailCustomer(ctx.app, ctx.database, dns);
    const { credentialId } = await signedIn(c.username, c.password);
    const sent = (
      await accept(credentialId, `a@${c.domain}`, [
        'ok@x.example',
        'bad@x.example',
        'slow@x.example',
        'late@x.example',
      ])
    ).json();
    const event = (recipient: string, kind: string, reason: string | null = null) =>
      edgeAsk(ctx.app, 'events', { messageId: sent.messageId, recipient, kind, reason });
    expect((await event('ok@x.example', 'delivered')).json()).toEqual({ ok: true });
    await event('bad@x.example', 'bounced', '550 5.1.1 No such user');
    await event('bad@x.example', 'delivered'); // late and wrong: a bounce is final
    // A DSN after "delivered" (the usual way through a smarthost) is believed.
    await event('late@x.example', 'delivered');
    await event('late@x.example', 'bounced', '550 5.2.1 Mailbox disabled');
    await event('slow@x.example', 'deferred', '421 4.7.0 Try later');
    // A complaint report naming someone the message never went to suppresses nothing.
    await event('stranger@x.example', 'complained', 'abuse');
    const log = (await send(ctx.app, 'GET', '/api/mail/messages?q=bad@x', c.cookie)).json();
    expect(
      log.items[0].recipients
        .map((r: { address: string; state: string }) => `${r.address} ${r.state}`)
        .sort(),
    ).toEqual([
      'bad@x.example bounced',
      'late@x.example bounced',
      'ok@x.example delivered',
      'slow@x.example deferred',
    ]);
    const suppressed = (
      await send(ctx.app, 'GET', '/api/mail/suppressions?q=bad', c.cookie)
    ).json();
    expect(suppressed.items).toEqual([
      expect.objectContaining({
        address: 'bad@x.example',
        reason: 'bounce',
        detail: '550 5.1.1 No such user',
      }),
    ]);
    const all = (await send(ctx.app, 'GET', '/api/mail/suppressions', c.cookie)).json();
    expect(all.items.map((i: { address: string }) => i.address).sort()).toEqual([
      'bad@x.example',
      'late@x.example',
    ]);
    // Two days later nothing came for the deferred one; past the deadline (72 h) it expires.
    await ctx.database.db.execute(
      sql`update mail_messages set created_at = now() - interval '73 hours' where id = ${sent.messageId}`,
    );
    expect((await ctx.app.mailSettle()).expired).toBe(1);
    expect((await ctx.app.mailSettle()).expired).toBe(0);
    const deferred = (
      await send(ctx.app, 'GET', '/api/mail/messages?state=expired', c.cookie)
    ).json();
    expect(deferred.total).toBe(1);
    // Removing the suppression lets the address be sent to again.
    const removed = await send(
      ctx.app,
      'DELETE',
      `/api/mail/suppressions/${suppressed.items[0].id}`,
      c.cookie,
    );
    expect(removed.statusCode).toBe(204);
    const again = await edgeAsk(ctx.app, 'recipient', {
      credentialId,
      from: `a@${c.domain}`,
      to: 'bad@x.example',
      accepted: 0,
    });
    expect(again.json()).toEqual({ allowed: true });
  });

  it('prunes messages past the package’s log days', async () => {
    const c = await mailCustomer(ctx.app, ctx.database, dns);
    const { credentialId } = await signedIn(c.username, c.password);
    await accept(credentialId, `a@${c.domain}`, ['p@x.example']);
    await ctx.database.db.execute(
      sql`update mail_messages set keep_until = now() - interval '1 minute' where user_id = ${c.id}`,
    );
    expect((await ctx.app.mailSettle()).pruned).toBe(1);
    expect((await send(ctx.app, 'GET', '/api/mail/messages', c.cookie)).json().total).toBe(0);
  });
});
