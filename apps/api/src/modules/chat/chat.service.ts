import type {
  ChatMessage,
  ChatMessages,
  ChatSession,
  ChatStatus,
  chatMessagesQuerySchema,
  chatReadInputSchema,
  chatSendInputSchema,
} from '@parley/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/event-bus.js';
import { keyReused } from '../../lib/idempotency.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { ChatRepo, ChatSessionRow, ChatSide, NewChatMessage } from './chat.repo.js';
import { isRetryOf } from './chat-rules.js';
import { toChatMessage, toChatSession } from './chat-view.js';

/** How long a typing signal shows on the other side. */
export const TYPING_SHOWN_MS = 6_000;

export interface ChatDeps {
  repo: ChatRepo;
  events: EventBus;
  /** Customer messages per minute (CHAT_PER_MINUTE), counted on every instance. */
  perCustomer: RateLimiter;
  /** Typing signals: about one per 2 s per person and side. */
  typing: RateLimiter;
  now?: () => Date;
}

const noSession = () => new AppError('NO_CHAT_SESSION', 'No active chat session');
const tooFast = 'You are sending messages too quickly. Please wait a moment.';

/**
 * What both sides do to a conversation: write a message (once per requestId), move a
 * read mark, say they are typing; each published after it is stored.
 */
export function createChatCore(deps: ChatDeps) {
  const { repo, events } = deps;
  const now = deps.now ?? (() => new Date());

  const statusChanged = (before: ChatSessionRow, after: ChatSessionRow) => {
    if (before.status !== after.status)
      events.publish({
        type: 'chat.status',
        data: { userId: after.userId, sessionId: after.id, status: after.status as ChatStatus },
      });
  };

  return {
    statusChanged,

    /** Writes the message; 'not-found' when there is no such conversation. */
    async write(input: NewChatMessage) {
      const result = await repo.addMessage(input);
      if (result === 'reused') throw keyReused('requestId');
      if (result === 'not-found' || !result.created) return result;
      if (input.kind !== 'note')
        events.publish({
          type: 'chat.message',
          data: {
            userId: result.after.userId,
            sessionId: result.after.id,
            message: toChatMessage(result.message),
          },
        });
      statusChanged(result.before, result.after);
      return result;
    },

    async read(session: ChatSessionRow, by: ChatSide, upTo: string) {
      const mark = await repo.markRead(session.id, by, upTo);
      if (mark !== null)
        events.publish({
          type: 'chat.read',
          data: { userId: session.userId, sessionId: session.id, by, upTo: String(mark) },
        });
    },

    /** At most one signal per `key` every couple of seconds (429 CHAT_RATE_LIMITED). */
    async typing(session: ChatSessionRow, by: ChatSide, key: string) {
      await deps.typing.take(`${by}:${key}`, 1, 'CHAT_RATE_LIMITED', tooFast);
      // Stale within seconds: a signal, never stored nor replayed.
      events.signal({
        type: 'chat.typing',
        data: {
          userId: session.userId,
          sessionId: session.id,
          by,
          until: new Date(now().getTime() + TYPING_SHOWN_MS).toISOString(),
        },
      });
    },
  };
}
export type ChatCore = ReturnType<typeof createChatCore>;

/**
 * The customer's side: their one conversation. Every call names the conversation and
 * is answered only when it is theirs: another customer's id is refused exactly like a
 * missing one (404 NO_CHAT_SESSION), so ids cannot be probed.
 */
export function createChatService(deps: ChatDeps & { core?: ChatCore }) {
  const { repo } = deps;
  const core = deps.core ?? createChatCore(deps);

  async function own(userId: string, sessionId: string): Promise<ChatSessionRow> {
    const session = await repo.byId(sessionId);
    if (!session || session.userId !== userId) throw noSession();
    return session;
  }

  /** The message a retry of `input` wrote, if it is one (404 for another's conversation). */
  async function retried(userId: string, input: z.output<typeof chatSendInputSchema>) {
    await own(userId, input.sessionId);
    const earlier = input.requestId && (await repo.byRequest(input.sessionId, input.requestId));
    if (!earlier) return null;
    if (!isRetryOf(earlier, { kind: 'customer', body: input.message }))
      throw keyReused('requestId');
    return toChatMessage(earlier);
  }

  return {
    async session(userId: string): Promise<ChatSession> {
      const row = await repo.sessionOf(userId);
      return toChatSession(row, await repo.unreadBy(row.id, 'customer', row.customerReadUpTo));
    },

    async messages(
      userId: string,
      query: z.output<typeof chatMessagesQuerySchema>,
    ): Promise<ChatMessages> {
      await own(userId, query.sessionId);
      const { items, hasMore } = await repo.messages(query.sessionId, 'customer', query);
      return { items: items.map((i) => toChatMessage(i.message)), hasMore };
    },

    /**
     * A retry (the same requestId and text) answers the message already written, and is
     * not counted against the limit, even when the limit is reached. The common case
     * costs the count and the write (which checks the owner and the requestId under the
     * conversation's lock); the request is looked up first only once the limit refuses.
     */
    async send(userId: string, input: z.output<typeof chatSendInputSchema>): Promise<ChatMessage> {
      try {
        await deps.perCustomer.take(userId, 1, 'CHAT_RATE_LIMITED', tooFast);
      } catch (err) {
        const limited = err instanceof AppError && err.code === 'CHAT_RATE_LIMITED';
        const earlier = limited && (await retried(userId, input));
        if (earlier) return earlier;
        throw err;
      }
      const result = await core
        .write({
          sessionId: input.sessionId,
          kind: 'customer',
          authorId: userId,
          body: input.message,
          requestId: input.requestId,
          ownerId: userId,
        })
        .catch(async (err) => {
          await deps.perCustomer.giveBack(userId, 1);
          throw err;
        });
      // Neither a refusal nor a retry counts against the limit.
      if (result === 'not-found' || !result.created) await deps.perCustomer.giveBack(userId, 1);
      if (result === 'not-found') throw noSession();
      return toChatMessage(result.message);
    },

    async read(userId: string, input: z.output<typeof chatReadInputSchema>): Promise<void> {
      await core.read(await own(userId, input.sessionId), 'customer', input.upTo);
    },

    async typing(userId: string, sessionId: string): Promise<void> {
      await core.typing(await own(userId, sessionId), 'customer', userId);
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
