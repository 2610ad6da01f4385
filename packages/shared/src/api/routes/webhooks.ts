import { group } from '../route-group.js';

/** A customer's webhook endpoints, their secrets and their delivery logs. */
export const webhooksApi = /* @__PURE__ */ group('webhooks', {
  list: ['GET', '/api/account/webhooks', 'user'],
  create: ['POST', '/api/account/webhooks', 'user'],
  update: ['PATCH', '/api/account/webhooks/:id', 'user'],
  remove: ['DELETE', '/api/account/webhooks/:id', 'user'],
  rotateSecret: ['POST', '/api/account/webhooks/:id/rotate', 'user'],
  test: ['POST', '/api/account/webhooks/:id/test', 'user'],
  deliveries: ['GET', '/api/account/webhooks/:id/deliveries', 'user'],
  redeliver: ['POST', '/api/account/webhooks/:id/deliveries/:deliveryId/redeliver', 'user'],
});

export const webhooksAdminApi = /* @__PURE__ */ group('webhooks.admin', {
  forUser: ['GET', '/api/admin/users/:id/webhooks', 'admin'],
});
