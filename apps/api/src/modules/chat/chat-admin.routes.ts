import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/endpoints.js';
import { userId } from '../../plugins/guards.js';
import type { ChatAdminService } from './chat-admin.service.js';

/** The admins' live chat console. */
export const chatAdminRoutes: FastifyPluginAsync<{ chat: ChatAdminService }> = async (
  app,
  { chat },
) => {
  route(app, 'chat.admin.sessions', (r) => chat.sessions(userId(r), r.query));
  route(app, 'chat.admin.summary', (r) => chat.summary(userId(r)));
  route(app, 'chat.admin.session', (r) => chat.session(r.params.id));
  route(app, 'chat.admin.update', (r) => chat.update(r.params.id, r.body));
  route(app, 'chat.admin.messages', (r) => chat.messages(r.params.id, r.query));
  route(app, 'chat.admin.read', (r) => chat.read(r.params.id, r.body.upTo));
  route(app, 'chat.admin.reply', (r) => chat.reply(userId(r), r.body));
  route(app, 'chat.admin.note', (r) => chat.note(userId(r), r.body));
  route(app, 'chat.admin.typing', (r) => chat.typing(userId(r), r.body.sessionId));
  route(app, 'chat.admin.agents', () => chat.agents());
  route(app, 'chat.admin.canned', () => chat.canned());
  route(app, 'chat.admin.createCanned', (r) => chat.createCanned(r.body));
  route(app, 'chat.admin.updateCanned', (r) => chat.updateCanned(r.params.id, r.body));
  route(app, 'chat.admin.deleteCanned', (r) => chat.deleteCanned(r.params.id));
};
