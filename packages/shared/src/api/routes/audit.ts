import { group } from '../route-group.js';

export const auditAdminApi = /* @__PURE__ */ group('audit.admin', {
  list: ['GET', '/api/admin/audit', 'admin'],
  facets: ['GET', '/api/admin/audit/facets', 'admin'],
});
