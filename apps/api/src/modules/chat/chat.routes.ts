import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/endpoints.js';
import { userId } from '../../plugins/guards.js';
import type { ChatService } from './chat.service.js';

/** The customer's live chat: their one conversation, its messages, read marks and typing. */
export const chatRoutes: FastifyPluginAsync<{ chat: ChatService }> = async (app, { chat }) => {
  route(app, 'chat.session', (r) => chat.session(userId(r)));
  route(app, 'chat.messages', (r) => chat.messages(userId(r), r.query));
  route(app, 'chat.send', (r) => chat.send(userId(r), r.body));
  route(app, 'chat.read', (r) => chat.read(userId(r), r.body));
  route(app, 'chat.typing', (r) => chat.typing(userId(r), r.body.sessionId));
};
