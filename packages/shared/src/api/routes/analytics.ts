import { group } from '../route-group.js';

export const analyticsAdminApi = /* @__PURE__ */ group('analytics.admin', {
  get: ['GET', '/api/admin/analytics', 'admin'],
  recount: ['POST', '/api/admin/analytics/recount', 'admin'],
});
