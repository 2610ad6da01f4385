import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  createTestApp,
  type Method,
  queryRows,
  send,
  sessionCookieOf,
  signUp,
  until,
} from '../../../test/helpers.js';
import { openStream } from '../../../test/sse.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let base: string;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp({ CHAT_PER_MINUTE: '1000' });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  admin = await adminSession(ctx, 'chat-admin@example.com');
});
afterAll(() => ctx.close());

const call = (method: Method, url: string, cookie: string | null, payload?: unknown) =>
  send(ctx.app, method, url, cookie, payload);

/** A new customer with their conversation opened. */
async function customer() {
  const { res } = await signUp(ctx.app);
  const cookie = sessionCookieOf(res);
  const session = (await call('GET', '/api/chat/session', cookie)).json();
  return { cookie, id: res.json().id as string, sessionId: session.id as string };
}
type Customer = Awaited<ReturnType<typeof customer>>;

const say = (c: Customer, message: string, requestId?: string) =>
  call('POST', '/api/chat/send', c.cookie, { sessionId: c.sessionId, message, requestId });
const reply = (sessionId: string, message: string, requestId?: string) =>
  call('POST', '/api/admin/chat/reply', admin, { sessionId, message, requestId });
const note = (sessionId: string, message: string) =>
  call('POST', '/api/admin/chat/notes', admin, { sessionId, message });
const messagesOf = async (c: Customer, query = '') =>
  (await call('GET', `/api/chat/messages?sessionId=${c.sessionId}${query}`, c.cookie)).json();
const stored = async (sessionId: string) =>
  queryRows<{ kind: string; body: string }>(
    ctx.database,
    sql`select kind, body from chat_messages where session_id = ${sessionId} order by id`,
  );
const sessionOf = async (c: Customer) => (await call('GET', '/api/chat/session', c.cookie)).json();

describe("the customer's conversation", () => {
  it('is opened on first use and resumed after; visitors are refused', async () => {
    const c = await customer();
    const again = await sessionOf(c);
    expect(again).toMatchObject({ id: c.sessionId, status: 'open', subject: '', unread: 0 });
    expect(again.lastMessageAt).toBeNull();
    expect((await call('GET', '/api/chat/session', null)).statusCode).toBe(401);
  });

  it('is one conversation even when opened twice at once', async () => {
    const cookie = sessionCookieOf((await signUp(ctx.app)).res);
    const both = await Promise.all([1, 2].map(() => call('GET', '/api/chat/session', cookie)));
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both[0]?.json().id).toBe(both[1]?.json().id);
  });
});

describe('sending', () => {
  it('trims the text, keeps lines, and names the conversation after the first message', async () => {
    const c = await customer();
    const sent = await say(c, '  Hello there,\nmy number does not ring  ');
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      sessionId: c.sessionId,
      message: 'Hello there,\nmy number does not ring',
      isAdminMessage: false,
    });
    expect(sent.json().id).toMatch(/^[1-9][0-9]*$/);
    await say(c, 'A second message');
    const session = await sessionOf(c);
    expect(session.subject).toBe('Hello there, my number does not ring');
    expect(session.lastMessageAt).not.toBeNull();
  });

  it('shortens a long first message to an 80-character subject', async () => {
    const c = await customer();
    expect((await say(c, 'x'.repeat(2000))).statusCode).toBe(201);
    expect((await sessionOf(c)).subject).toHaveLength(80);
  });

  it('refuses empty, too long and control-character text, writing nothing', async () => {
    const c = await customer();
    for (const message of [
      '',
      '   ',
      'x'.repeat(2001),
      'nul\u0000here',
      'bell\u0007',
      // A right-to-left override would make a link read as another.
      'see https://parley.example/\u202Eexe.txt',
    ]) {
      const res = await say(c, message);
      expect(res.statusCode, JSON.stringify(message)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await stored(c.sessionId)).toEqual([]);
    expect((await sessionOf(c)).subject).toBe('');
  });

  it('is one message per requestId; another text under it is refused', async () => {
    const c = await customer();
    const requestId = randomUUID();
    const first = await say(c, 'Only once', requestId);
    const retry = await say(c, 'Only once', requestId);
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.json()).toEqual(first.json());
    const other = await say(c, 'Something else', requestId);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // An admin reply cannot take the customer's key either.
    const admins = await reply(c.sessionId, 'Only once', requestId);
    expect(admins.statusCode).toBe(422);
    expect(await stored(c.sessionId)).toEqual([{ kind: 'customer', body: 'Only once' }]);
  });
});

describe('pages of messages', () => {
  it('gives the newest page oldest first, then older before an id and newer after one', async () => {
    const c = await customer();
    const ids: string[] = [];
    for (let i = 1; i <= 7; i++) ids.push((await say(c, `m${i}`)).json().id);
    const texts = (p: { items: { message: string }[] }) => p.items.map((m) => m.message);

    const newest = await messagesOf(c, '&limit=3');
    expect(texts(newest)).toEqual(['m5', 'm6', 'm7']);
    expect(newest.hasMore).toBe(true);
    const older = await messagesOf(c, `&limit=3&before=${ids[4]}`);
    expect(texts(older)).toEqual(['m2', 'm3', 'm4']);
    expect(older.hasMore).toBe(true);
    const oldest = await messagesOf(c, `&limit=3&before=${ids[1]}`);
    expect(texts(oldest)).toEqual(['m1']);
    expect(oldest.hasMore).toBe(false);
    const newer = await messagesOf(c, `&limit=3&after=${ids[2]}`);
    expect(texts(newer)).toEqual(['m4', 'm5', 'm6']);
    expect(newer.hasMore).toBe(true);
    const last = await messagesOf(c, `&limit=3&after=${ids[4]}`);
    expect(texts(last)).toEqual(['m6', 'm7']);
    expect(last.hasMore).toBe(false);
    expect(texts(await messagesOf(c))).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7']);
    const bad = await call('GET', `/api/chat/messages?sessionId=${c.sessionId}&before=0`, c.cookie);
    expect(bad.statusCode).toBe(400);
  });
});

describe('status', () => {
  it("an admin's reply leaves it pending; resolved reopens when the customer writes", async () => {
    const c = await customer();
    await say(c, 'Help please');
    expect((await sessionOf(c)).status).toBe('open');
    const answered = await reply(c.sessionId, 'How can we help?');
    expect(answered.statusCode).toBe(201);
    expect(answered.json()).toMatchObject({ kind: 'admin', isAdminMessage: true });
    expect(answered.json().author.name).toBeTruthy();
    expect((await sessionOf(c)).status).toBe('pending');
    const resolved = await call('PATCH', `/api/admin/chat/sessions/${c.sessionId}`, admin, {
      status: 'resolved',
    });
    expect(resolved.json().status).toBe('resolved');
    expect((await sessionOf(c)).status).toBe('resolved');
    await say(c, 'One more thing');
    expect((await sessionOf(c)).status).toBe('open');
    expect((await sessionOf(c)).subject).toBe('Help please');
    // A note changes nothing.
    await note(c.sessionId, 'Customer seems confused');
    expect((await sessionOf(c)).status).toBe('open');
  });
});

describe('internal notes', () => {
  it('go only into a conversation someone has written in (the one the console lists)', async () => {
    const c = await customer();
    const early = await note(c.sessionId, 'Nobody has written yet');
    expect(early.statusCode).toBe(404);
    expect(await stored(c.sessionId)).toEqual([]);
    await say(c, 'Hello');
    expect((await note(c.sessionId, 'Now there is something')).statusCode).toBe(201);
  });

  it('are never in the customer’s messages nor on their stream, live or replayed', async () => {
    const c = await customer();
    await say(c, 'Hello');
    const stream = openStream(base, '/api/events', c.cookie);
    const connected = await stream.next((e) => e.event === 'connected');
    const seen: { type: string; data: unknown }[] = [];
    const stop = ctx.app.events.subscribe((e) => seen.push(e));
    const secret = `secret-note-${randomUUID()}`;
    const written = await note(c.sessionId, secret);
    expect(written.statusCode).toBe(201);
    expect(written.json()).toMatchObject({ kind: 'note', message: secret });
    await reply(c.sessionId, 'Visible reply');
    await stream.next(
      (e) =>
        e.event === 'chat.message' &&
        (e.data as { message: { message: string } }).message.message === 'Visible reply',
    );
    stream.close();
    // An earlier test's note may still be on its way: only this session's counts.
    const ownNote = (e: { type: string; data: unknown }) =>
      e.type === 'chat.internal' && (e.data as { sessionId?: string }).sessionId === c.sessionId;
    await until(
      async () => seen,
      (s) => s.some(ownNote),
    );
    stop();
    expect(JSON.stringify(stream.received)).not.toContain(secret);
    expect(seen.find(ownNote)?.data).toMatchObject({
      sessionId: c.sessionId,
      note: { message: secret, kind: 'note' },
    });

    const replay = openStream(base, '/api/events', c.cookie, connected.id);
    await replay.next((e) => e.event === 'chat.message');
    await replay.next((e) => e.event === 'connected');
    replay.close();
    expect(JSON.stringify(replay.received)).not.toContain(secret);

    const mine = await messagesOf(c);
    expect(mine.items.map((m: { message: string }) => m.message)).toEqual([
      'Hello',
      'Visible reply',
    ]);
    const admins = (
      await call('GET', `/api/admin/chat/sessions/${c.sessionId}/messages`, admin)
    ).json();
    expect(admins.items.map((m: { kind: string }) => m.kind)).toEqual([
      'customer',
      'note',
      'admin',
    ]);
    expect(admins.items[1].author.name).toBeTruthy();
  });
});

describe('isolation', () => {
  it("refuses another customer's conversation exactly like a missing one", async () => {
    const ada = await customer();
    await say(ada, 'Private to Ada');
    const bob = await customer();
    const as = (sessionId: string) => [
      call('GET', `/api/chat/messages?sessionId=${sessionId}`, bob.cookie),
      call('POST', '/api/chat/send', bob.cookie, { sessionId, message: 'hi' }),
      call('POST', '/api/chat/read', bob.cookie, { sessionId, upTo: '1' }),
      call('POST', '/api/chat/typing', bob.cookie, { sessionId }),
    ];
    for (const sessionId of [ada.sessionId, randomUUID()]) {
      const answers = await Promise.all(as(sessionId));
      for (const a of answers) {
        expect(a.statusCode, a.body).toBe(404);
        expect(a.json().error).toMatchObject({
          code: 'NO_CHAT_SESSION',
          message: 'No active chat session',
        });
      }
    }
    expect(await stored(ada.sessionId)).toEqual([{ kind: 'customer', body: 'Private to Ada' }]);
  });

  it("never puts one customer's chat events on another's stream", async () => {
    const ada = await customer();
    const bob = await customer();
    const bobs = openStream(base, '/api/events', bob.cookie);
    const connected = await bobs.next((e) => e.event === 'connected');
    await say(ada, 'Ada writes');
    await reply(ada.sessionId, 'To Ada');
    await call('POST', '/api/admin/chat/typing', admin, { sessionId: ada.sessionId });
    await call('POST', `/api/admin/chat/sessions/${ada.sessionId}/read`, admin, { upTo: '999' });
    await call('PATCH', `/api/admin/chat/sessions/${ada.sessionId}`, admin, { status: 'resolved' });
    // Bob's own reply marks the point by which Ada's would have arrived.
    await say(bob, 'Bob writes');
    await reply(bob.sessionId, 'To Bob');
    await bobs.next(
      (e) =>
        e.event === 'chat.message' &&
        (e.data as { message: { message: string } }).message.message === 'To Bob',
    );
    bobs.close();
    const chat = bobs.received.filter((e) => e.event.startsWith('chat.'));
    expect(chat.length).toBeGreaterThanOrEqual(2);
    for (const e of chat)
      expect(e.data).toMatchObject({ userId: bob.id, sessionId: bob.sessionId });

    const replay = openStream(base, '/api/events', bob.cookie, connected.id);
    await replay.next(
      (e) =>
        e.event === 'chat.message' &&
        (e.data as { message: { message: string } }).message.message === 'To Bob',
    );
    replay.close();
    for (const e of replay.received.filter((x) => x.event.startsWith('chat.')))
      expect(e.data).toMatchObject({ userId: bob.id });
    expect(JSON.stringify(replay.received)).not.toContain(ada.sessionId);
  });
});

describe('read marks', () => {
  it('move forward only, up to the newest message, and count what is unread', async () => {
    const c = await customer();
    // Events are delivered after they are stored, in order: watch from the start.
    const seen: { type: string; data: { sessionId?: string } }[] = [];
    const stop = ctx.app.events.subscribe((e) => seen.push(e as (typeof seen)[number]));
    // Nothing written yet: a mark has nothing to move to.
    await call('POST', '/api/chat/read', c.cookie, { sessionId: c.sessionId, upTo: '5' });
    await call('POST', `/api/admin/chat/sessions/${c.sessionId}/read`, admin, { upTo: '5' });
    expect(await sessionOf(c)).toMatchObject({ customerReadUpTo: null, adminReadUpTo: null });
    const m1 = (await say(c, 'one')).json().id;
    const m2 = (await say(c, 'two')).json().id;
    const one = async () =>
      (await call('GET', `/api/admin/chat/sessions/${c.sessionId}`, admin)).json();
    expect((await one()).unread).toBe(2);
    const read = (upTo: string) =>
      call('POST', `/api/admin/chat/sessions/${c.sessionId}/read`, admin, { upTo });
    expect((await read(m1)).statusCode).toBe(204);
    expect(await one()).toMatchObject({ unread: 1, adminReadUpTo: m1 });
    await read('1');
    expect((await one()).adminReadUpTo).toBe(m1);
    await read('999999999999');
    expect(await one()).toMatchObject({ unread: 0, adminReadUpTo: m2 });

    const r = (await reply(c.sessionId, 'answer')).json().id;
    const n = (await note(c.sessionId, 'a note after')).json().id;
    expect((await sessionOf(c)).unread).toBe(1);
    // The customer cannot mark past what they can see (the note).
    await call('POST', '/api/chat/read', c.cookie, { sessionId: c.sessionId, upTo: n });
    await call('POST', '/api/chat/read', c.cookie, { sessionId: c.sessionId, upTo: n });
    // Wait for the customer's mark (the last), and a moment for any other.
    const marks = () =>
      seen.filter((e) => e.type === 'chat.read' && e.data.sessionId === c.sessionId);
    await until(
      async () => marks(),
      (s) => s.some((e) => (e.data as { by?: string }).by === 'customer'),
    );
    await new Promise((r) => setTimeout(r, 300));
    stop();
    expect(await sessionOf(c)).toMatchObject({ unread: 0, customerReadUpTo: r });
    // One event per mark that moved: none for the empty session, the stale mark or the repeat.
    const mark = (by: string, upTo: string) => ({
      type: 'chat.read',
      data: { userId: c.id, sessionId: c.sessionId, by, upTo },
    });
    expect(marks()).toEqual([mark('admin', m1), mark('admin', m2), mark('customer', r)]);
  });
});

describe('typing', () => {
  it('tells the other side until when, at most about once per two seconds', async () => {
    const c = await customer();
    const seen: { type: string; data: { by?: string; until?: string } }[] = [];
    // Only this session's: an earlier test's typing signal may still be on its way.
    const stop = ctx.app.events.subscribe((e) => {
      if ((e.data as { sessionId?: string }).sessionId === c.sessionId)
        seen.push(e as (typeof seen)[number]);
    });
    const first = await call('POST', '/api/chat/typing', c.cookie, { sessionId: c.sessionId });
    const again = await call('POST', '/api/chat/typing', c.cookie, { sessionId: c.sessionId });
    const admins = await call('POST', '/api/admin/chat/typing', admin, { sessionId: c.sessionId });
    await until(
      async () => seen,
      (s) => s.filter((e) => e.type === 'chat.typing').length >= 2,
    );
    stop();
    expect([first.statusCode, again.statusCode, admins.statusCode]).toEqual([204, 429, 204]);
    expect(again.json().error.code).toBe('CHAT_RATE_LIMITED');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    const typing = seen.filter((e) => e.type === 'chat.typing');
    expect(typing.map((e) => e.data.by).sort()).toEqual(['admin', 'customer']);
    const customers = typing.find((e) => e.data.by === 'customer');
    const ahead = Date.parse(customers?.data.until ?? '') - Date.now();
    expect(ahead).toBeGreaterThan(3000);
    expect(ahead).toBeLessThanOrEqual(6000);
    const unknown = await call('POST', '/api/admin/chat/typing', admin, {
      sessionId: randomUUID(),
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('typing on the streams', () => {
  it('reaches the other side live without an id, and is never stored nor replayed', async () => {
    const c = await customer();
    const live = openStream(base, '/api/events', c.cookie);
    const connected = await live.next((e) => e.event === 'connected');
    await call('POST', '/api/admin/chat/typing', admin, { sessionId: c.sessionId });
    const typing = await live.next((e) => e.event === 'chat.typing');
    expect(typing.id).toBe('');
    expect(typing.data).toMatchObject({ sessionId: c.sessionId, by: 'admin' });
    live.close();
    const rows = await queryRows<{ n: number }>(
      ctx.database,
      sql`select count(*)::int as n from events where type = 'chat.typing'`,
    );
    expect(rows[0]?.n).toBe(0);
    // A stored event after it, so the replay has something to send.
    await reply(c.sessionId, 'After the typing');
    const replay = openStream(base, '/api/events', c.cookie, connected.id);
    await replay.next((e) => e.event === 'chat.message');
    replay.close();
    expect(replay.received.map((e) => e.event)).not.toContain('chat.typing');
  });
});
