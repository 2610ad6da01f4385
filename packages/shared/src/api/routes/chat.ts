import { group } from '../route-group.js';

/** The customer's live chat with the support team. */
export const chatApi = /* @__PURE__ */ group('chat', {
  session: ['GET', '/api/chat/session', 'user'],
  messages: ['GET', '/api/chat/messages', 'user'],
  send: ['POST', '/api/chat/send', 'user'],
  read: ['POST', '/api/chat/read', 'user'],
  typing: ['POST', '/api/chat/typing', 'user'],
});

/** The admins' live chat console. */
export const chatAdminApi = /* @__PURE__ */ group('chat.admin', {
  sessions: ['GET', '/api/admin/chat/sessions', 'admin'],
  summary: ['GET', '/api/admin/chat/summary', 'admin'],
  session: ['GET', '/api/admin/chat/sessions/:id', 'admin'],
  update: ['PATCH', '/api/admin/chat/sessions/:id', 'admin'],
  messages: ['GET', '/api/admin/chat/sessions/:id/messages', 'admin'],
  read: ['POST', '/api/admin/chat/sessions/:id/read', 'admin'],
  reply: ['POST', '/api/admin/chat/reply', 'admin'],
  note: ['POST', '/api/admin/chat/notes', 'admin'],
  typing: ['POST', '/api/admin/chat/typing', 'admin'],
  agents: ['GET', '/api/admin/chat/agents', 'admin'],
  canned: ['GET', '/api/admin/chat/canned', 'admin'],
  createCanned: ['POST', '/api/admin/chat/canned', 'admin'],
  updateCanned: ['PUT', '/api/admin/chat/canned/:id', 'admin'],
  deleteCanned: ['DELETE', '/api/admin/chat/canned/:id', 'admin'],
});
