import { group } from '../route-group.js';

export const chainsAdminApi = /* @__PURE__ */ group('chains.admin', {
  watchKeys: ['GET', '/api/admin/chains/watch-keys', 'admin'],
  previewWatchKey: ['POST', '/api/admin/chains/watch-keys/preview', 'admin'],
  setWatchKey: ['PUT', '/api/admin/chains/watch-keys/:family', 'admin'],
  removeWatchKey: ['DELETE', '/api/admin/chains/watch-keys/:family', 'admin'],
  status: ['GET', '/api/admin/chains/status', 'admin'],
  deposits: ['GET', '/api/admin/chains/deposits', 'admin'],
  resolveDeposit: ['POST', '/api/admin/chains/deposits/:id/resolve', 'admin'],
});
