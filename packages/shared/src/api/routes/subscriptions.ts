import { group } from '../route-group.js';

export const subscriptionsApi = /* @__PURE__ */ group('subscriptions', {
  mine: ['GET', '/api/subscriptions', 'user'],
  update: ['PUT', '/api/subscriptions/:id', 'user'],
  reactivate: ['POST', '/api/subscriptions/:id/reactivate', 'user'],
});

export const adminSubscriptionsApi = /* @__PURE__ */ group('adminSubscriptions', {
  list: ['GET', '/api/admin/subscriptions', 'admin'],
  extendGrace: ['POST', '/api/admin/subscriptions/:id/extend-grace', 'admin'],
  waive: ['POST', '/api/admin/subscriptions/:id/waive', 'admin'],
});
