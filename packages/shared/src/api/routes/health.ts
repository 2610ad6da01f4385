import { group } from '../route-group.js';

export const healthApi = /* @__PURE__ */ group('health', {
  check: ['GET', '/api/health', 'public'],
});
