import type { DomainEvent, ErrorCode } from '@parley/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { ChatMessageRow, ChatRepo, ChatSessionRow, NewChatMessage } from './chat.repo.js';
import { createChatService, TYPING_SHOWN_MS } from './chat.service.js';
import { isRetryOf } from './chat-rules.js';

const NOW = new Date('2026-03-02T10:00:00Z');

const session = (over: Partial<ChatSessionRow> = {}) =>
  ({
    id: 's1',
    userId: 'u1',
    status: 'open',
    subject: 'Hello',
    customerReadUpTo: null,
    adminReadUpTo: null,
    ...over,
  }) as ChatSessionRow;

const message = (over: Partial<ChatMessageRow> = {}) =>
  ({
    id: 7,
    sessionId: 's1',
    kind: 'customer',
    body: 'Hi',
    requestId: 'r1',
    createdAt: NOW,
    ...over,
  }) as ChatMessageRow;

/**
 * The customer's chat with fakes: the conversation `stored`, a repo that writes what
 * it is told (or `addResult`), a limiter that refuses when told to, and the bus.
 */
function setUp(
  opts: {
    stored?: ChatSessionRow;
    earlier?: ChatMessageRow;
    addResult?: 'reused' | 'not-found' | { created: boolean; after?: ChatSessionRow };
    limited?: boolean;
    addFails?: boolean;
    mark?: number | null;
  } = {},
) {
  const steps: string[] = [];
  const events: { kind: 'publish' | 'signal'; event: DomainEvent }[] = [];
  const stored = opts.stored ?? session();
  const repo = {
    byId: async (id: string) => (id === stored.id ? stored : null),
    byRequest: async () => opts.earlier ?? null,
    messages: async () => {
      steps.push('read messages');
      return { items: [], hasMore: false };
    },
    async addMessage(input: NewChatMessage) {
      // As the repo does under the conversation's lock: the owner, then the requestId.
      const theirs =
        input.sessionId === stored.id && (input.ownerId ?? stored.userId) === stored.userId;
      if (!opts.addResult && !theirs) return 'not-found';
      if (!opts.addResult && opts.earlier && input.requestId === opts.earlier.requestId)
        return isRetryOf(opts.earlier, input)
          ? { message: opts.earlier, before: stored, after: stored, created: false }
          : 'reused';
      steps.push(`write ${input.kind} ${input.body}`);
      if (opts.addFails) throw new Error('database down');
      const r = opts.addResult ?? { created: true };
      if (typeof r === 'string') return r;
      return {
        message: message({ kind: input.kind, body: input.body }),
        before: stored,
        after: r.after ?? stored,
        created: r.created,
      };
    },
    async markRead(_id: string, side: string, upTo: string) {
      steps.push(`mark ${side} ${upTo}`);
      return opts.mark === undefined ? Number(upTo) : opts.mark;
    },
  };
  const limiter = (name: string) =>
    ({
      async take(subject: string, _n: number, code: ErrorCode) {
        steps.push(`take ${name} ${subject}`);
        if (opts.limited) throw new AppError(code, 'slow down');
      },
      async giveBack(subject: string) {
        steps.push(`give back ${name} ${subject}`);
      },
    }) as unknown as RateLimiter;
  const service = createChatService({
    repo: repo as unknown as ChatRepo,
    events: {
      publish: (event) => events.push({ kind: 'publish', event }),
      signal: (event) => events.push({ kind: 'signal', event }),
      subscribe: () => () => {},
    },
    perCustomer: limiter('messages'),
    typing: limiter('typing'),
    now: () => NOW,
  });
  return { service, steps, events };
}

async function codeOf(p: Promise<unknown>): Promise<ErrorCode | 'none'> {
  try {
    await p;
    return 'none';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

const send = (t: ReturnType<typeof setUp>, userId = 'u1', body = 'Hi') =>
  t.service.send(userId, { sessionId: 's1', message: body, requestId: 'r1' });

describe('a customer’s conversation', () => {
  it('is refused to another customer exactly as a missing one, for every action', async () => {
    const t = setUp({ stored: session({ userId: 'someone-else' }) });
    expect(await codeOf(send(t))).toBe('NO_CHAT_SESSION');
    // Counted while the write looked, and given back: nothing written, nothing counted.
    expect(t.steps.splice(0)).toEqual(['take messages u1', 'give back messages u1']);
    expect(await codeOf(t.service.messages('u1', { sessionId: 's1', limit: 50 }))).toBe(
      'NO_CHAT_SESSION',
    );
    expect(await codeOf(t.service.read('u1', { sessionId: 's1', upTo: '9' }))).toBe(
      'NO_CHAT_SESSION',
    );
    expect(await codeOf(t.service.typing('u1', 's1'))).toBe('NO_CHAT_SESSION');
    expect(await codeOf(t.service.typing('u1', 'nope'))).toBe('NO_CHAT_SESSION');
    expect(t.steps).toEqual([]);
  });
});

describe('sending a message', () => {
  it('counts it against the limit, writes it, and publishes it', async () => {
    const t = setUp();
    await send(t);
    expect(t.steps).toEqual(['take messages u1', 'write customer Hi']);
    expect(t.events.map((e) => e.event.type)).toEqual(['chat.message']);
  });

  it('answers a retry with the message already written, not counted even at the limit', async () => {
    const t = setUp({ earlier: message(), limited: true });
    expect((await send(t)).id).toBe('7');
    expect(t.steps).toEqual(['take messages u1']);
    const free = setUp({ earlier: message() });
    expect((await send(free)).id).toBe('7');
    expect(free.steps).toEqual(['take messages u1', 'give back messages u1']);
    expect(free.events).toEqual([]);
  });

  it('at the limit, still refuses another customer’s conversation as a missing one', async () => {
    const t = setUp({ stored: session({ userId: 'someone-else' }), limited: true });
    expect(await codeOf(send(t))).toBe('NO_CHAT_SESSION');
    expect(await codeOf(send(setUp({ limited: true })))).toBe('CHAT_RATE_LIMITED');
  });

  it('refuses a requestId used for another text or by the other side', async () => {
    for (const earlier of [message({ body: 'Other' }), message({ kind: 'admin' })]) {
      expect(await codeOf(send(setUp({ earlier })))).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(await codeOf(send(setUp({ earlier, limited: true })))).toBe('IDEMPOTENCY_KEY_REUSED');
    }
  });

  it('writes nothing past the limit', async () => {
    const t = setUp({ limited: true });
    expect(await codeOf(send(t))).toBe('CHAT_RATE_LIMITED');
    expect(t.steps).toEqual(['take messages u1']);
  });

  it('gives the count back when the write fails, or when a racing retry wrote it first', async () => {
    const failed = setUp({ addFails: true });
    await expect(send(failed)).rejects.toThrow('database down');
    expect(failed.steps.at(-1)).toBe('give back messages u1');
    const raced = setUp({ addResult: { created: false } });
    await send(raced);
    expect(raced.steps.at(-1)).toBe('give back messages u1');
    expect(raced.events).toEqual([]);
  });

  it('turns a key reused under the lock into IDEMPOTENCY_KEY_REUSED, the count given back', async () => {
    const t = setUp({ addResult: 'reused' });
    expect(await codeOf(send(t))).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(t.steps.at(-1)).toBe('give back messages u1');
  });

  it('publishes the conversation’s new status when the message changed it', async () => {
    const t = setUp({
      stored: session({ status: 'resolved' }),
      addResult: { created: true, after: session({ status: 'open' }) },
    });
    await send(t);
    expect(t.events.map((e) => e.event)).toContainEqual({
      type: 'chat.status',
      data: { userId: 'u1', sessionId: 's1', status: 'open' },
    });
  });
});

describe('read marks and typing', () => {
  it('publishes a read mark only when it moved', async () => {
    const moved = setUp({ mark: 9 });
    await moved.service.read('u1', { sessionId: 's1', upTo: '12' });
    expect(moved.events.map((e) => e.event)).toEqual([
      { type: 'chat.read', data: { userId: 'u1', sessionId: 's1', by: 'customer', upTo: '9' } },
    ]);
    const still = setUp({ mark: null });
    await still.service.read('u1', { sessionId: 's1', upTo: '12' });
    expect(still.events).toEqual([]);
  });

  it('signals typing (never stored) for a few seconds, within its own limit', async () => {
    const t = setUp();
    await t.service.typing('u1', 's1');
    expect(t.steps).toEqual(['take typing customer:u1']);
    expect(t.events).toEqual([
      {
        kind: 'signal',
        event: {
          type: 'chat.typing',
          data: {
            userId: 'u1',
            sessionId: 's1',
            by: 'customer',
            until: new Date(NOW.getTime() + TYPING_SHOWN_MS).toISOString(),
          },
        },
      },
    ]);
  });
});
