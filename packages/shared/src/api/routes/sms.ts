import { group } from '../route-group.js';

export const smsApi = /* @__PURE__ */ group('sms', {
  quote: ['POST', '/api/sms/quote', 'user'],
  send: ['POST', '/api/sms/send', 'user'],
  history: ['GET', '/api/sms/history', 'user'],
  bulkPreview: ['POST', '/api/sms/bulk/preview', 'user'],
  bulkSend: ['POST', '/api/sms/bulk/send', 'user'],
  batch: ['GET', '/api/sms/batches/:id', 'user'],
  senders: ['GET', '/api/sms/senders', 'user'],
  requestSender: ['POST', '/api/sms/senders', 'user'],
});

export const smsAdminApi = /* @__PURE__ */ group('sms.admin', {
  forUser: ['GET', '/api/admin/users/:id/sms', 'admin'],
  status: ['GET', '/api/admin/sms/status', 'admin'],
  inbound: ['GET', '/api/admin/sms/inbound', 'admin'],
  senderIds: ['GET', '/api/admin/sender-ids', 'admin'],
  approveSenderId: ['POST', '/api/admin/sender-ids/:id/approve', 'admin'],
  rejectSenderId: ['POST', '/api/admin/sender-ids/:id/reject', 'admin'],
});
