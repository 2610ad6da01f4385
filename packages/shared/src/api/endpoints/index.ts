import type { EndpointSchemas } from '../endpoint.js';
import type { RouteName } from '../routes/index.js';
import { analyticsEndpoints } from './analytics.js';
import { apiKeysEndpoints } from './api-keys.js';
import { auditEndpoints } from './audit.js';
import { authEndpoints } from './auth.js';
import { catalogueEndpoints } from './catalogue.js';
import { chainsEndpoints } from './chains.js';
import { chatEndpoints } from './chat.js';
import { dashboardEndpoints } from './dashboard.js';
import { docsEndpoints } from './docs.js';
import { eventsEndpoints } from './events.js';
import { fulfilmentEndpoints } from './fulfilment.js';
import { guardrailsEndpoints } from './guardrails.js';
import { healthEndpoints } from './health.js';
import { ledgerEndpoints } from './ledger.js';
import { mailEndpoints } from './mail.js';
import { notificationsEndpoints } from './notifications.js';
import { ordersEndpoints } from './orders.js';
import { paymentsEndpoints } from './payments.js';
import { renewalsEndpoints } from './renewals.js';
import { setupEndpoints } from './setup.js';
import { sipTrunkEndpoints } from './sip-trunk.js';
import { smppServerEndpoints } from './smpp-server.js';
import { smsEndpoints } from './sms.js';
import { usersEndpoints } from './users.js';
import { voiceEndpoints } from './voice.js';
import { voiceMonitoringEndpoints } from './voice-monitoring.js';
import { webhooksEndpoints } from './webhooks.js';

/** Every endpoint's schemas, under the name its route has in routes/. */
export const endpoints = {
  ...analyticsEndpoints,
  ...apiKeysEndpoints,
  ...auditEndpoints,
  ...authEndpoints,
  ...catalogueEndpoints,
  ...chainsEndpoints,
  ...chatEndpoints,
  ...dashboardEndpoints,
  ...docsEndpoints,
  ...eventsEndpoints,
  ...fulfilmentEndpoints,
  ...guardrailsEndpoints,
  ...healthEndpoints,
  ...ledgerEndpoints,
  ...mailEndpoints,
  ...notificationsEndpoints,
  ...ordersEndpoints,
  ...paymentsEndpoints,
  ...renewalsEndpoints,
  ...setupEndpoints,
  ...sipTrunkEndpoints,
  ...smppServerEndpoints,
  ...smsEndpoints,
  ...usersEndpoints,
  ...voiceEndpoints,
  ...voiceMonitoringEndpoints,
  ...webhooksEndpoints,
} as const satisfies Record<RouteName, EndpointSchemas>;

export type Endpoints = typeof endpoints;

// Every schema belongs to a route: a name routes/ lacks fails the build here.
const onlyRoutes: [Exclude<keyof Endpoints, RouteName>] extends [never] ? true : false = true;
void onlyRoutes;
