import { group } from '../route-group.js';

export const dashboardApi = /* @__PURE__ */ group('dashboard', {
  preferences: ['GET', '/api/dashboard/preferences', 'user'],
  savePreferences: ['PUT', '/api/dashboard/preferences', 'user'],
  spending: ['GET', '/api/dashboard/spending', 'user'],
});
