import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, send, sessionCookieOf, signUp } from '../../../test/helpers.js';
import { twoInstances } from '../../../test/two-instances.js';

const PER_MINUTE = 3;
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

// Two server instances on one database, each counting chat messages in the shared store.
let pair: Awaited<ReturnType<typeof twoInstances>>;
let database: Awaited<ReturnType<typeof twoInstances>>['database'];
beforeAll(async () => {
  pair = await twoInstances({ CHAT_PER_MINUTE: String(PER_MINUTE) });
  database = pair.database;
});
afterAll(() => pair?.close());

const at = (i: number) => pair.at(i);
async function customer() {
  const cookie = sessionCookieOf((await signUp(at(0))).res);
  const sessionId = (await send(at(1), 'GET', '/api/chat/session', cookie)).json().id as string;
  return { cookie, sessionId };
}
const written = async (sessionId: string) =>
  (
    await queryRows<{ n: number }>(
      database,
      sql`select count(*)::int as n from chat_messages where session_id = ${sessionId}`,
    )
  )[0]?.n;

describe('the per-customer chat limit, shared by two instances', () => {
  it('accepts exactly CHAT_PER_MINUTE concurrent messages spread over both', async () => {
    const c = await customer();
    const requestIds = Array.from({ length: 6 }, () => randomUUID());
    const answers = await Promise.all(
      requestIds.map((requestId, i) =>
        send(at(i), 'POST', '/api/chat/send', c.cookie, {
          sessionId: c.sessionId,
          message: `Message ${i}`,
          requestId,
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array(PER_MINUTE).fill(201), 429, 429, 429]);
    for (const refused of answers.filter((a) => a.statusCode === 429)) {
      expect(refused.json().error.code).toBe('CHAT_RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await written(c.sessionId)).toBe(PER_MINUTE);

    // A retry of an accepted message still answers it, on either instance.
    const accepted = answers.findIndex((a) => a.statusCode === 201);
    const retry = await send(at(accepted + 1), 'POST', '/api/chat/send', c.cookie, {
      sessionId: c.sessionId,
      message: `Message ${accepted}`,
      requestId: requestIds[accepted],
    });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().id).toBe(answers[accepted]?.json().id);

    // Another customer has a minute of their own.
    const d = await customer();
    const theirs = await send(at(1), 'POST', '/api/chat/send', d.cookie, {
      sessionId: d.sessionId,
      message: 'Hi',
    });
    expect(theirs.statusCode).toBe(201);
  });

  it('counts neither a refused conversation nor a retry; at the limit, refuses them alike', async () => {
    const ada = await customer();
    const bob = await customer();
    const say = (i: number, sessionId: string, message: string, requestId?: string) =>
      send(at(i), 'POST', '/api/chat/send', bob.cookie, { sessionId, message, requestId });
    // Another customer's conversation and a missing one: 404, more times than the limit.
    for (let i = 0; i < PER_MINUTE + 1; i++)
      for (const sessionId of [ada.sessionId, randomUUID()])
        expect((await say(i, sessionId, 'Hi')).json().error.code).toBe('NO_CHAT_SESSION');
    // A retry below the limit is answered with its message, and not counted either.
    const requestId = randomUUID();
    const first = await say(0, bob.sessionId, 'First', requestId);
    expect(first.statusCode).toBe(201);
    for (let i = 0; i < PER_MINUTE + 1; i++) {
      const again = await say(i, bob.sessionId, 'First', requestId);
      expect([again.statusCode, again.json().id]).toEqual([201, first.json().id]);
    }
    // So the whole minute is still Bob's own: PER_MINUTE messages in all, then 429.
    for (let i = 1; i < PER_MINUTE; i++)
      expect((await say(i, bob.sessionId, `Message ${i}`)).statusCode).toBe(201);
    expect((await say(0, bob.sessionId, 'One too many')).statusCode).toBe(429);
    expect(await written(bob.sessionId)).toBe(PER_MINUTE);
    // At the limit, another's conversation is still refused as a missing one.
    for (const sessionId of [ada.sessionId, randomUUID()])
      expect((await say(1, sessionId, 'Hi')).json().error.code).toBe('NO_CHAT_SESSION');
    expect(await written(ada.sessionId)).toBe(0);
  });

  it('lets one typing signal through per couple of seconds, whichever instance', async () => {
    const c = await customer();
    const typing = (i: number) =>
      send(at(i), 'POST', '/api/chat/typing', c.cookie, { sessionId: c.sessionId });
    const answers = await Promise.all([0, 1, 2, 3].map(typing));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 429, 429, 429]);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await typing(1)).statusCode).toBe(204);
  });
});
