import { group } from '../route-group.js';

export const guardrailsApi = /* @__PURE__ */ group('guardrails', {
  get: ['GET', '/api/account/guardrails', 'user'],
  save: ['PUT', '/api/account/guardrails', 'user'],
});
