import type { Db } from '../../db/client.js';
import type { EventBus } from '../../lib/event-bus.js';
import { createRateLimiter, type LimitStore } from '../../lib/rate-limiter.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import { createChatRepo } from './chat.repo.js';
import { chatRoutes } from './chat.routes.js';
import { createChatCore, createChatService } from './chat.service.js';
import { createChatAdminRepo } from './chat-admin.repo.js';
import { chatAdminRoutes } from './chat-admin.routes.js';
import { createChatAdminService } from './chat-admin.service.js';

/** Typing signals: one per person and side per this window. */
const TYPING_WINDOW_MS = 2_000;

/** The customer's chat and the admins' console over one core (writes, marks, typing). */
export function setUpChat(opts: {
  db: Db;
  events: EventBus;
  limitStore: LimitStore;
  /** Customer messages per minute (CHAT_PER_MINUTE), on every instance together. */
  perMinute: number;
}) {
  const repo = createChatRepo(opts.db);
  const deps = {
    repo,
    events: opts.events,
    perCustomer: createRateLimiter(opts.limitStore, 'chat.perCustomer', {
      max: opts.perMinute,
      windowMs: 60_000,
    }),
    typing: createRateLimiter(opts.limitStore, 'chat.typing', {
      max: 1,
      windowMs: TYPING_WINDOW_MS,
    }),
  };
  const core = createChatCore(deps);
  const chat = createChatService({ ...deps, core });
  const admin = createChatAdminService({
    repo,
    admin: createChatAdminRepo(opts.db),
    core,
    events: opts.events,
  });
  const module: ModuleSetup = {
    routes: [routesOf(chatRoutes, { chat }), routesOf(chatAdminRoutes, { chat: admin })],
  };
  return { ...module, chat, admin };
}
