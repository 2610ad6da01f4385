import { group } from '../route-group.js';

/** The customer's notices, and the language they are emailed in. */
export const notificationsApi = /* @__PURE__ */ group('notifications', {
  list: ['GET', '/api/notifications', 'user'],
  read: ['POST', '/api/notifications/read', 'user'],
  language: ['PUT', '/api/account/language', 'user'],
});
