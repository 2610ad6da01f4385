import { group } from '../route-group.js';

/** The server-sent event streams, one per audience. */
export const eventsApi = /* @__PURE__ */ group('events', {
  customer: ['GET', '/api/events', 'user'],
  admin: ['GET', '/api/admin/events', 'admin'],
});
