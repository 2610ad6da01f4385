import { group } from '../route-group.js';

/** Calls from the web and the customer's SIP account; paths stay under /api/sip. */
export const voiceApi = /* @__PURE__ */ group('voice', {
  call: ['POST', '/api/sip/call', 'user'],
  hangup: ['DELETE', '/api/sip/calls/:id', 'user'],
  history: ['GET', '/api/sip/history', 'user'],
  quote: ['GET', '/api/sip/quote', 'user'],
  status: ['GET', '/api/sip/status', 'user'],
  account: ['GET', '/api/sip/account', 'user'],
  regeneratePassword: ['POST', '/api/sip/account/password', 'user'],
  callerIds: ['GET', '/api/sip/caller-ids', 'user'],
  verifyStart: ['POST', '/api/sip/caller-ids/verify', 'user'],
  verifyConfirm: ['POST', '/api/sip/caller-ids/confirm', 'user'],
});

export const voiceAdminApi = /* @__PURE__ */ group('voice.admin', {
  forUser: ['GET', '/api/admin/users/:id/calls', 'admin'],
  calls: ['GET', '/api/admin/calls', 'admin'],
  hangup: ['POST', '/api/admin/calls/:id/hangup', 'admin'],
  status: ['GET', '/api/admin/voice/status', 'admin'],
  verifications: ['GET', '/api/admin/voice/verifications', 'admin'],
});

/** The SIP edge's side (Kamailio): authenticated with VOICE_EDGE_SECRET, never a browser. */
export const voiceEdgeApi = /* @__PURE__ */ group('voice.edge', {
  authorise: ['POST', '/internal/voice/authorise', 'edge'],
  inbound: ['POST', '/internal/voice/inbound', 'edge'],
  progress: ['POST', '/internal/voice/progress', 'edge'],
  end: ['POST', '/internal/voice/end', 'edge'],
});
