import { group } from '../route-group.js';

export const healthApi = /* @__PURE__ */ group('health', {
  check: ['GET', '/api/health', 'public'],
});

export const docsApi = /* @__PURE__ */ group('docs', {
  openapi: ['GET', '/api/openapi.json', 'public'],
});

/** The admin's set-up checklist (decision 0041). */
export const setupApi = /* @__PURE__ */ group('setup', {
  checklist: ['GET', '/api/admin/setup', 'admin'],
});
