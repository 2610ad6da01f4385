import { group } from '../route-group.js';

export const docsApi = /* @__PURE__ */ group('docs', {
  openapi: ['GET', '/api/openapi.json', 'public'],
});
