import { group } from '../route-group.js';

export const ordersApi = /* @__PURE__ */ group('orders', {
  item: ['GET', '/api/orders/items/:id', 'user'],
  buy: ['POST', '/api/orders', 'user'],
  mine: ['GET', '/api/orders', 'user'],
});

export const ordersAdminApi = /* @__PURE__ */ group('orders.admin', {
  forUser: ['GET', '/api/admin/users/:id/orders', 'admin'],
});
