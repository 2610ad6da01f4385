import { group } from '../route-group.js';

/** The customer's SIP monitoring, from their own call records. */
export const voiceMonitoringApi = /* @__PURE__ */ group('voiceMonitoring', {
  overview: ['GET', '/api/sip/monitoring/overview', 'user'],
  calls: ['GET', '/api/sip/monitoring/calls', 'user'],
  exportCalls: ['GET', '/api/sip/monitoring/calls/export', 'user'],
  quality: ['GET', '/api/sip/monitoring/quality', 'user'],
  alerts: ['GET', '/api/sip/monitoring/alerts', 'user'],
  saveAlertSettings: ['PUT', '/api/sip/monitoring/alerts/settings', 'user'],
});
