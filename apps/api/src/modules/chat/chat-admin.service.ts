import type {
  AdminChatAgent,
  AdminChatMessage,
  AdminChatMessages,
  AdminChatSession,
  AdminChatSessions,
  AdminChatSummary,
  adminChatMessagesQuerySchema,
  adminChatSessionsQuerySchema,
  adminChatUpdateSchema,
  CannedReply,
  cannedReplyInputSchema,
  chatSendInputSchema,
} from '@parley/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { ConstraintError } from '../../lib/constraint-error.js';
import type { EventBus } from '../../lib/event-bus.js';
import type { ChatRepo, ChatSessionRow } from './chat.repo.js';
import type { ChatCore } from './chat.service.js';
import type { ChatAdminRepo } from './chat-admin.repo.js';
import { personOf, toAdminChatMessage, toAdminChatSession } from './chat-view.js';

const notFound = () => new AppError('NOT_FOUND', 'No such conversation.');
const noCanned = () => new AppError('NOT_FOUND', 'No such canned reply.');
const titleTaken = () => new AppError('CONFLICT', 'A canned reply with this title already exists.');

/** Turns a taken title (any case) into 409 CONFLICT. */
async function unlessTaken<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof ConstraintError && err.kind === 'duplicate') throw titleTaken();
    throw err;
  }
}

/**
 * The admins' console: conversations, replies and internal notes (notes reach only
 * admins: `chat.internal`, which has no userId), assignment, read marks, canned replies.
 */
export function createChatAdminService(deps: {
  repo: ChatRepo;
  admin: ChatAdminRepo;
  core: ChatCore;
  events: EventBus;
}) {
  const { repo, admin, core, events } = deps;

  async function session(id: string): Promise<ChatSessionRow> {
    const row = await repo.byId(id);
    if (!row) throw notFound();
    return row;
  }

  async function one(id: string): Promise<AdminChatSession> {
    const row = await admin.one(id);
    if (!row) throw notFound();
    return toAdminChatSession(row);
  }

  /** A reply or a note, as the console shows it (with its author). */
  async function write(
    kind: 'admin' | 'note',
    adminId: string,
    input: z.output<typeof chatSendInputSchema>,
  ): Promise<AdminChatMessage> {
    const result = await core.write({
      sessionId: input.sessionId,
      kind,
      authorId: adminId,
      body: input.message,
      requestId: input.requestId,
    });
    if (result === 'not-found') throw notFound();
    const author = await admin.person(adminId);
    const message = toAdminChatMessage({ message: result.message, author });
    if (kind === 'note' && result.created)
      events.publish({
        type: 'chat.internal',
        data: { sessionId: input.sessionId, note: message },
      });
    return message;
  }

  return {
    async sessions(
      adminId: string,
      query: z.output<typeof adminChatSessionsQuerySchema>,
    ): Promise<AdminChatSessions> {
      const { items, total } = await admin.list({ ...query, me: adminId });
      return {
        items: items.map(toAdminChatSession),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    summary: (adminId: string): Promise<AdminChatSummary> => admin.summary(adminId),

    session: one,

    /** Status (any of the three) and who handles it: an active admin, or null for nobody. */
    async update(
      id: string,
      change: z.output<typeof adminChatUpdateSchema>,
    ): Promise<AdminChatSession> {
      const result = await admin.update(id, change);
      if (result === 'not-found') throw notFound();
      if (result === 'not-an-agent')
        throw new AppError('NOT_AN_AGENT', 'Conversations can be given only to active admins.');
      const { before, after } = result;
      core.statusChanged(before, after);
      const view = await one(id);
      if (before.assigneeId !== after.assigneeId)
        events.publish({
          type: 'chat.internal',
          data: { sessionId: id, assignee: view.assignee },
        });
      return view;
    },

    async messages(
      id: string,
      query: z.output<typeof adminChatMessagesQuerySchema>,
    ): Promise<AdminChatMessages> {
      await session(id);
      const { items, hasMore } = await repo.messages(id, 'admin', query);
      return { items: items.map(toAdminChatMessage), hasMore };
    },

    async read(id: string, upTo: string): Promise<void> {
      await core.read(await session(id), 'admin', upTo);
    },

    reply: (adminId: string, input: z.output<typeof chatSendInputSchema>) =>
      write('admin', adminId, input),
    note: (adminId: string, input: z.output<typeof chatSendInputSchema>) =>
      write('note', adminId, input),

    async typing(adminId: string, sessionId: string): Promise<void> {
      await core.typing(await session(sessionId), 'admin', `${adminId}:${sessionId}`);
    },

    async agents(): Promise<AdminChatAgent[]> {
      return (await admin.agents()).map((a) => ({
        ...(personOf(a) as { id: string; name: string }),
        email: a.email,
      }));
    },

    async canned(): Promise<CannedReply[]> {
      return (await admin.canned()).map(({ id, title, body }) => ({ id, title, body }));
    },

    async createCanned(input: z.output<typeof cannedReplyInputSchema>): Promise<CannedReply> {
      const { id, title, body } = await unlessTaken(admin.createCanned(input));
      return { id, title, body };
    },

    async updateCanned(
      id: string,
      input: z.output<typeof cannedReplyInputSchema>,
    ): Promise<CannedReply> {
      const row = await unlessTaken(admin.updateCanned(id, input));
      if (!row) throw noCanned();
      return { id: row.id, title: row.title, body: row.body };
    },

    async deleteCanned(id: string): Promise<void> {
      if (!(await admin.deleteCanned(id))) throw noCanned();
    },
  };
}
export type ChatAdminService = ReturnType<typeof createChatAdminService>;
