import { randomUUID } from 'node:crypto';
import { COUNT_CAP } from '@parley/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import {
  adminSession,
  type Method,
  send,
  sessionCookieOf,
  signUp,
  until,
} from '../../../test/helpers.js';

let admin: string;
let other: string;
let adminId: string;
let otherId: string;

const call = (method: Method, url: string, cookie: string | null, payload?: unknown) =>
  send(ctx.app, method, url, cookie, payload);
const idOf = async (cookie: string) => (await call('GET', '/api/auth/user', cookie)).json().id;

const ctx = useTestApp({ env: { CHAT_PER_MINUTE: '1000' } });
beforeAll(async () => {
  admin = await adminSession(ctx, 'console-admin@example.com');
  other = await adminSession(ctx, 'console-other@example.com');
  adminId = await idOf(admin);
  otherId = await idOf(other);
});

/** A customer (named `name`) who has written `message`, unless null. */
async function customer(name = 'Ada King Lovelace', message: string | null = 'Hello') {
  const { res, email } = await signUp(ctx.app, { name });
  const cookie = sessionCookieOf(res);
  const sessionId = (await call('GET', '/api/chat/session', cookie)).json().id as string;
  if (message !== null)
    await call('POST', '/api/chat/send', cookie, { sessionId, message, requestId: randomUUID() });
  return { cookie, email, id: res.json().id as string, sessionId };
}
const patch = (sessionId: string, body: object, cookie = admin) =>
  call('PATCH', `/api/admin/chat/sessions/${sessionId}`, cookie, body);
const list = async (query: string, cookie = admin) => {
  const res = await call('GET', `/api/admin/chat/sessions?${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: { id: string; subject: string }[]; total: number };
};
const summary = async (cookie = admin) =>
  (await call('GET', '/api/admin/chat/summary', cookie)).json();

describe('assignment', () => {
  it('claims, transfers and releases a conversation; only active admins take one', async () => {
    const c = await customer();
    const seen: { type: string; data: { assignee?: unknown } }[] = [];
    const stop = ctx.app.events.subscribe((e) => seen.push(e as (typeof seen)[number]));
    const claimed = await patch(c.sessionId, { assigneeId: adminId });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().assignee).toEqual({ id: adminId, name: expect.any(String) });
    expect((await list('filter=mine')).items.map((s) => s.id)).toContain(c.sessionId);
    expect((await list('filter=mine', other)).items.map((s) => s.id)).not.toContain(c.sessionId);

    const moved = await patch(c.sessionId, { assigneeId: otherId });
    expect(moved.json().assignee.id).toBe(otherId);
    expect((await list('filter=mine', other)).items.map((s) => s.id)).toContain(c.sessionId);

    for (const assigneeId of [c.id, randomUUID()]) {
      const refused = await patch(c.sessionId, { assigneeId });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.code).toBe('NOT_AN_AGENT');
    }
    const released = await patch(c.sessionId, { assigneeId: null });
    expect(released.json().assignee).toBeNull();
    await until(
      async () => seen,
      (s) => s.filter((e) => e.type === 'chat.internal').length >= 3,
    );
    stop();
    expect(
      seen
        .filter((e) => e.type === 'chat.internal')
        .map((e) => (e.data.assignee as { id?: string })?.id ?? null),
    ).toEqual([adminId, otherId, null]);

    const missing = await patch(randomUUID(), { status: 'open' });
    expect(missing.statusCode).toBe(404);
    expect((await patch(c.sessionId, {})).statusCode).toBe(400);
  });

  it('refuses a suspended admin, who is no longer among the agents', async () => {
    const cookie = await adminSession(ctx, `gone-${randomUUID()}@example.com`);
    const goneId = await idOf(cookie);
    const agents = async () =>
      (await call('GET', '/api/admin/chat/agents', admin)).json().map((a: { id: string }) => a.id);
    expect(await agents()).toEqual(expect.arrayContaining([adminId, otherId, goneId]));
    const c = await customer();
    expect(await agents()).not.toContain(c.id);
    await call('PATCH', `/api/admin/users/${goneId}`, admin, { disabled: true });
    expect(await agents()).not.toContain(goneId);
    const refused = await patch(c.sessionId, { assigneeId: goneId });
    expect(refused.json().error.code).toBe('NOT_AN_AGENT');
  });
});

describe('the list', () => {
  it('searches email, name and subject literally, filters by status, newest first', async () => {
    const tag = randomUUID().slice(0, 8);
    const grace = await customer(`Grace ${tag}Hopper`, 'Invoice question');
    const alan = await customer('Alan Turing', `Refund 100% of order_${tag}`);
    const silent = await customer(`Silent ${tag}`, null);
    const ids = async (q: string, filter = 'all') =>
      (await list(`filter=${filter}&q=${encodeURIComponent(q)}`)).items.map((s) => s.id);

    expect(await ids(`${tag}hopper`)).toEqual([grace.sessionId]);
    expect(await ids(grace.email.toUpperCase())).toEqual([grace.sessionId]);
    expect(await ids(`order_${tag}`)).toEqual([alan.sessionId]);
    // % and _ are letters, not wildcards.
    expect(await ids(`100% of order_${tag}`)).toEqual([alan.sessionId]);
    expect(await ids(`1_0% of order_${tag}`)).toEqual([]);
    expect(await ids(`${tag}%`)).toEqual([]);
    // No message yet: not listed.
    expect(await ids(`Silent ${tag}`)).toEqual([]);
    expect(silent.sessionId).toBeTruthy();

    await call('POST', '/api/admin/chat/reply', admin, {
      sessionId: grace.sessionId,
      message: 'Looking into it',
    });
    expect(await ids(tag, 'pending')).toEqual([grace.sessionId]);
    expect(await ids(tag, 'open')).toEqual([alan.sessionId]);
    await patch(alan.sessionId, { status: 'resolved' });
    expect(await ids(tag, 'resolved')).toEqual([alan.sessionId]);
    expect(await ids(tag, 'open')).toEqual([]);
    // Grace's reply is the newest message: her conversation comes first.
    expect(await ids(tag)).toEqual([grace.sessionId, alan.sessionId]);

    const page = await list(`q=${tag}&page=2&pageSize=1`);
    expect(page.total).toBe(2);
    expect(page.items.map((s) => s.id)).toEqual([alan.sessionId]);

    const [item] = (await list(`q=${tag}hopper`)).items as unknown as {
      user: { email: string; firstName: string };
      preview: string;
      unread: number;
      subject: string;
    }[];
    expect(item).toMatchObject({
      user: { email: grace.email, firstName: 'Grace' },
      preview: 'Looking into it',
      unread: 1,
      subject: 'Invoice question',
    });
    expect((await call('GET', '/api/admin/chat/sessions?filter=bogus', admin)).statusCode).toBe(
      400,
    );
  });

  it('shortens the preview to 140 characters', async () => {
    const c = await customer(`Long ${randomUUID()}`, 'y'.repeat(500));
    const one = (await call('GET', `/api/admin/chat/sessions/${c.sessionId}`, admin)).json();
    expect(one.preview).toBe('y'.repeat(140));
    expect((await call('GET', `/api/admin/chat/sessions/${randomUUID()}`, admin)).statusCode).toBe(
      404,
    );
  });

  it('counts conversations by status, mine and unread', async () => {
    const before = await summary();
    const othersBefore = await summary(other);
    const a = await customer();
    const b = await customer();
    await patch(b.sessionId, { assigneeId: adminId });
    await call('POST', '/api/admin/chat/reply', admin, { sessionId: b.sessionId, message: 'Hi' });
    await call('POST', `/api/admin/chat/sessions/${b.sessionId}/read`, admin, { upTo: '999999' });
    const after = await summary();
    expect(after).toEqual({
      open: before.open + 1,
      pending: before.pending + 1,
      resolved: before.resolved,
      mine: before.mine + 1,
      unread: before.unread + 1,
    });
    expect((await summary(other)).mine).toBe(othersBefore.mine);
    await call('POST', `/api/admin/chat/sessions/${a.sessionId}/read`, admin, { upTo: '999999' });
    expect((await summary()).unread).toBe(before.unread);
  });
});

describe('canned replies', () => {
  it('are added, listed by title, changed and removed; a title is unique in any case', async () => {
    const add = (title: string, body: string) =>
      call('POST', '/api/admin/chat/canned', admin, { title, body });
    const greet = await add('Greeting', 'Hello, how can we help?');
    expect(greet.statusCode).toBe(201);
    const bye = (await add('Away', 'We are away now.\nBack at 9.')).json();
    expect(bye.body).toBe('We are away now.\nBack at 9.');
    const dup = await add('  greeting ', 'Another');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('CONFLICT');
    expect((await add('Multi\nline', 'x')).statusCode).toBe(400);
    expect((await add('Empty', '   ')).statusCode).toBe(400);

    const titles = async () =>
      (await call('GET', '/api/admin/chat/canned', admin))
        .json()
        .map((r: { title: string }) => r.title);
    expect(await titles()).toEqual(['Away', 'Greeting']);

    const put = (id: string, title: string) =>
      call('PUT', `/api/admin/chat/canned/${id}`, admin, { title, body: 'Changed' });
    expect((await put(bye.id, 'GREETING')).statusCode).toBe(409);
    const changed = await put(bye.id, 'Closed');
    expect(changed.json()).toEqual({ id: bye.id, title: 'Closed', body: 'Changed' });
    expect((await put(randomUUID(), 'Nothing')).statusCode).toBe(404);

    expect((await call('DELETE', `/api/admin/chat/canned/${bye.id}`, admin)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/admin/chat/canned/${bye.id}`, admin)).statusCode).toBe(404);
    expect(await titles()).toEqual(['Greeting']);
  });
});

describe('a long list', () => {
  it('counts up to COUNT_CAP and one more, and still pages past it', async () => {
    const open = (await summary()).open;
    // Resolved long ago, each with a customer message no admin has read: last in the list.
    await ctx.database.db.execute(sql`
      with bulk as (
        insert into users (email, password_hash)
        select 'chat-bulk-' || i || '@example.com', 'x' from generate_series(1, ${COUNT_CAP + 5}) i
        returning id, email),
      chats as (
        insert into chat_sessions (user_id, subject, status, last_message_at)
        select id, 'Bulk ' || email, 'resolved',
          now() - interval '1 year' - split_part(split_part(email, '-', 3), '@', 1)::int
            * interval '1 second'
        from bulk returning id)
      insert into chat_messages (session_id, kind, body) select id, 'customer', 'Old' from chats`);
    await ctx.database.db.execute(sql`
      update chat_sessions c set last_customer_message_id = m.id
      from chat_messages m where m.session_id = c.id and c.subject like 'Bulk chat-bulk-%'`);
    const counts = await summary();
    expect(counts).toMatchObject({ resolved: COUNT_CAP + 1, unread: COUNT_CAP + 1, open });
    const first = await list('filter=resolved&q=chat-bulk-&pageSize=100');
    expect(first.total).toBe(COUNT_CAP + 1);
    const last = await list('filter=resolved&q=chat-bulk-&pageSize=100&page=11');
    expect(last.items.map((s) => s.subject)).toEqual(
      [1001, 1002, 1003, 1004, 1005].map((i) => `Bulk chat-bulk-${i}@example.com`),
    );
    expect((await list('q=chat-bulk-1000@')).total).toBe(1);
  });
});
