import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/endpoints.js';
import { userId } from '../../plugins/guards.js';
import type { ChatAdminService } from './chat-admin.service.js';

/** The admins' live chat console. */
export const chatAdminRoutes: FastifyPluginAsync<{ chat: ChatAdminService }> = async (
  app,
  { chat },
) => {
  route(app, 'adminChat.sessions', (r) => chat.sessions(userId(r), r.query));
  route(app, 'adminChat.summary', (r) => chat.summary(userId(r)));
  route(app, 'adminChat.session', (r) => chat.session(r.params.id));
  route(app, 'adminChat.update', (r) => chat.update(r.params.id, r.body));
  route(app, 'adminChat.messages', (r) => chat.messages(r.params.id, r.query));
  route(app, 'adminChat.read', (r) => chat.read(r.params.id, r.body.upTo));
  route(app, 'adminChat.reply', (r) => chat.reply(userId(r), r.body));
  route(app, 'adminChat.note', (r) => chat.note(userId(r), r.body));
  route(app, 'adminChat.typing', (r) => chat.typing(userId(r), r.body.sessionId));
  route(app, 'adminChat.agents', () => chat.agents());
  route(app, 'adminChat.canned', () => chat.canned());
  route(app, 'adminChat.createCanned', (r) => chat.createCanned(r.body));
  route(app, 'adminChat.updateCanned', (r) => chat.updateCanned(r.params.id, r.body));
  route(app, 'adminChat.deleteCanned', (r) => chat.deleteCanned(r.params.id));
};
