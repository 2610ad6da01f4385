import { group } from '../route-group.js';

/** The customer's SMTP relay (decision 0069): users, sending domains, suppressions, log. */
export const mailApi = /* @__PURE__ */ group('mail', {
  overview: ['GET', '/api/mail', 'user'],
  credentials: ['GET', '/api/mail/credentials', 'user'],
  createCredential: ['POST', '/api/mail/credentials', 'user'],
  removeCredential: ['DELETE', '/api/mail/credentials/:id', 'user'],
  domains: ['GET', '/api/mail/domains', 'user'],
  addDomain: ['POST', '/api/mail/domains', 'user'],
  verifyDomain: ['POST', '/api/mail/domains/:id/verify', 'user'],
  removeDomain: ['DELETE', '/api/mail/domains/:id', 'user'],
  suppressions: ['GET', '/api/mail/suppressions', 'user'],
  removeSuppression: ['DELETE', '/api/mail/suppressions/:id', 'user'],
  messages: ['GET', '/api/mail/messages', 'user'],
});

/** The mail edge's side (Haraka's plugins): authenticated with MAIL_EDGE_SECRET. */
export const mailEdgeApi = /* @__PURE__ */ group('mail.edge', {
  auth: ['POST', '/internal/mail/auth', 'edge'],
  sender: ['POST', '/internal/mail/sender', 'edge'],
  recipient: ['POST', '/internal/mail/recipient', 'edge'],
  accept: ['POST', '/internal/mail/accept', 'edge'],
  event: ['POST', '/internal/mail/events', 'edge'],
});
