import { group } from '../route-group.js';

export const docsApi = /* @__PURE__ */ group('docs', {
  openapi: ['GET', '/api/openapi.json', 'public'],
});

/** The operators' document: admin and edge operations, for signed-in admins only. */
export const docsAdminApi = /* @__PURE__ */ group('docs.admin', {
  openapi: ['GET', '/api/admin/openapi.json', 'admin'],
});
