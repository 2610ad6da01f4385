import { group } from '../route-group.js';

export const sipTrunkApi = /* @__PURE__ */ group('sipTrunk', {
  settings: ['GET', '/api/sip-trunk/settings', 'user'],
  saveSettings: ['PUT', '/api/sip-trunk/settings', 'user'],
});
