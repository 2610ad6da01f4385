import type { DomainEvent, ErrorCode } from '@parley/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { ConstraintError } from '../../lib/constraint-error.js';
import type { ChatMessageRow, ChatRepo, ChatSessionRow } from './chat.repo.js';
import type { ChatCore } from './chat.service.js';
import type { AdminSessionRow, ChatAdminRepo } from './chat-admin.repo.js';
import { createChatAdminService } from './chat-admin.service.js';

const NOW = new Date('2026-03-02T10:00:00Z');
const ANN = { id: 'a1', firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' };

const session = (over: Partial<ChatSessionRow> = {}) =>
  ({
    id: 's1',
    userId: 'u1',
    status: 'open',
    subject: 'Hello',
    assigneeId: null,
    customerReadUpTo: null,
    adminReadUpTo: null,
    lastMessageAt: NOW,
    createdAt: NOW,
    ...over,
  }) as ChatSessionRow;

const listed = (s: ChatSessionRow): AdminSessionRow => ({
  session: s,
  user: { id: 'u1', firstName: null, lastName: null, email: 'c@example.com' },
  assignee: s.assigneeId ? ANN : null,
  preview: 'Hi',
  unread: 0,
});

/** The console with fakes: one conversation `s1`, a core that writes what it is told. */
function setUp(
  opts: {
    update?: 'not-found' | 'not-an-agent' | { before: ChatSessionRow; after: ChatSessionRow };
    created?: boolean;
    cannedFails?: boolean;
  } = {},
) {
  const steps: string[] = [];
  const events: DomainEvent[] = [];
  let current = session();
  const repo = {
    byId: async (id: string) => (id === 's1' ? current : null),
    messages: async () => ({ items: [], hasMore: false }),
  };
  const admin = {
    one: async (id: string) => (id === 's1' ? listed(current) : null),
    async update() {
      const r = opts.update ?? { before: session(), after: session() };
      if (typeof r !== 'string') current = r.after;
      return r;
    },
    person: async () => ANN,
    async createCanned(v: { title: string; body: string }) {
      if (opts.cannedFails) throw new ConstraintError('duplicate');
      return { id: 'c1', ...v };
    },
    async updateCanned() {
      if (opts.cannedFails) throw new ConstraintError('duplicate');
      return null;
    },
    deleteCanned: async () => false,
  };
  const core = {
    statusChanged: (before: ChatSessionRow, after: ChatSessionRow) =>
      steps.push(`status ${before.status} -> ${after.status}`),
    async write(input: { kind: string; body: string; sessionId: string }) {
      steps.push(`write ${input.kind}`);
      if (input.sessionId !== 's1') return 'not-found' as const;
      return {
        message: {
          id: 9,
          sessionId: 's1',
          kind: input.kind,
          body: input.body,
          createdAt: NOW,
        } as ChatMessageRow,
        before: current,
        after: current,
        created: opts.created ?? true,
      };
    },
    read: async () => steps.push('read'),
    typing: async () => steps.push('typing'),
  };
  const service = createChatAdminService({
    repo: repo as unknown as ChatRepo,
    admin: admin as unknown as ChatAdminRepo,
    core: core as unknown as ChatCore,
    events: {
      publish: (e) => events.push(e),
      signal: () => {},
      subscribe: () => () => {},
    },
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

const input = { sessionId: 's1', message: 'Noted', requestId: 'r1' };

describe('assigning and moving a conversation', () => {
  it('refuses a missing conversation and an assignee who is not an active admin', async () => {
    expect(await codeOf(setUp({ update: 'not-found' }).service.update('s1', {}))).toBe('NOT_FOUND');
    const t = setUp({ update: 'not-an-agent' });
    expect(await codeOf(t.service.update('s1', { assigneeId: 'u9' }))).toBe('NOT_AN_AGENT');
    expect(t.steps).toEqual([]);
  });

  it('tells admins of a new assignee, and the customer of a new status', async () => {
    const t = setUp({
      update: { before: session(), after: session({ assigneeId: 'a1', status: 'pending' }) },
    });
    const view = await t.service.update('s1', { assigneeId: 'a1', status: 'pending' });
    expect(view.assignee).toEqual({ id: 'a1', name: 'Ann Lee' });
    expect(t.steps).toEqual(['status open -> pending']);
    expect(t.events).toEqual([
      { type: 'chat.internal', data: { sessionId: 's1', assignee: { id: 'a1', name: 'Ann Lee' } } },
    ]);
  });

  it('publishes no assignment when the assignee stayed', async () => {
    const t = setUp({ update: { before: session(), after: session({ status: 'resolved' }) } });
    await t.service.update('s1', { status: 'resolved' });
    expect(t.events).toEqual([]);
  });
});

describe('replies and notes', () => {
  it('shares a new note with admins only, once: a retried note is not told again', async () => {
    const t = setUp();
    const note = await t.service.note('a1', input);
    expect(note).toMatchObject({ kind: 'note', author: { id: 'a1', name: 'Ann Lee' } });
    expect(t.events).toEqual([{ type: 'chat.internal', data: { sessionId: 's1', note } }]);
    const retry = setUp({ created: false });
    await retry.service.note('a1', input);
    expect(retry.events).toEqual([]);
  });

  it('sends a reply through the shared path, with no internal event', async () => {
    const t = setUp();
    await t.service.reply('a1', input);
    expect(t.steps).toEqual(['write admin']);
    expect(t.events).toEqual([]);
  });

  it('answers NOT_FOUND for a conversation that does not exist, whatever the action', async () => {
    const t = setUp();
    expect(await codeOf(t.service.reply('a1', { ...input, sessionId: 'nope' }))).toBe('NOT_FOUND');
    expect(await codeOf(t.service.messages('nope', { limit: 50 }))).toBe('NOT_FOUND');
    expect(await codeOf(t.service.read('nope', '3'))).toBe('NOT_FOUND');
    expect(await codeOf(t.service.typing('a1', 'nope'))).toBe('NOT_FOUND');
    expect(t.steps).toEqual(['write admin']);
  });
});

describe('canned replies', () => {
  it('answers a taken title with CONFLICT, creating or renaming', async () => {
    const t = setUp({ cannedFails: true });
    const reply = { title: 'Hi', body: 'Hello!' };
    expect(await codeOf(t.service.createCanned(reply))).toBe('CONFLICT');
    expect(await codeOf(t.service.updateCanned('c1', reply))).toBe('CONFLICT');
  });

  it('answers NOT_FOUND for a reply that does not exist', async () => {
    const t = setUp();
    expect(await codeOf(t.service.updateCanned('c9', { title: 'x', body: 'y' }))).toBe('NOT_FOUND');
    expect(await codeOf(t.service.deleteCanned('c9'))).toBe('NOT_FOUND');
  });
});
