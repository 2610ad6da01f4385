import { group } from '../route-group.js';

/** The customer's monthly items (the product calls them subscriptions). */
export const renewalsApi = /* @__PURE__ */ group('renewals', {
  mine: ['GET', '/api/subscriptions', 'user'],
  update: ['PUT', '/api/subscriptions/:id', 'user'],
  reactivate: ['POST', '/api/subscriptions/:id/reactivate', 'user'],
});

export const renewalsAdminApi = /* @__PURE__ */ group('renewals.admin', {
  list: ['GET', '/api/admin/subscriptions', 'admin'],
  extendGrace: ['POST', '/api/admin/subscriptions/:id/extend-grace', 'admin'],
  waive: ['POST', '/api/admin/subscriptions/:id/waive', 'admin'],
});
