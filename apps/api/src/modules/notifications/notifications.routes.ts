import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/endpoints.js';
import { userId } from '../../plugins/guards.js';
import type { NotificationsService } from './notifications.service.js';

/** The signed-in customer's notices and the language they are written in. */
export const notificationsRoutes: FastifyPluginAsync<{
  notifications: NotificationsService;
}> = async (app, { notifications }) => {
  route(app, 'notifications.list', (r) => notifications.list(userId(r), r.query));
  route(app, 'notifications.read', (r) => notifications.read(userId(r), r.body));
  route(app, 'notifications.language', async (r) => {
    await notifications.setLanguage(userId(r), r.body.language);
  });
};
