import type { EndpointSchemas } from '../endpoint.js';
import type { RouteName } from '../routes/index.js';
import { accountEndpoints } from './account.js';
import { adminEndpoints } from './admin.js';
import { authEndpoints } from './auth.js';
import { catalogueEndpoints } from './catalogue.js';
import { chatEndpoints } from './chat.js';
import { guardrailsEndpoints } from './guardrails.js';
import { notificationsEndpoints } from './notifications.js';
import { setupEndpoints } from './setup.js';
import { sipEndpoints } from './sip.js';
import { smsEndpoints } from './sms.js';
import { subscriptionsEndpoints } from './subscriptions.js';
import { usersEndpoints } from './users.js';
import { voiceMonitoringEndpoints } from './voice-monitoring.js';

/** Every endpoint's schemas, under the name its route has in routes.ts. */
export const endpoints = {
  ...authEndpoints,
  ...catalogueEndpoints,
  ...accountEndpoints,
  ...guardrailsEndpoints,
  ...smsEndpoints,
  ...sipEndpoints,
  ...voiceMonitoringEndpoints,
  ...adminEndpoints,
  ...usersEndpoints,
  ...chatEndpoints,
  ...subscriptionsEndpoints,
  ...notificationsEndpoints,
  ...setupEndpoints,
} as const satisfies Record<RouteName, EndpointSchemas>;

export type Endpoints = typeof endpoints;

// Every schema belongs to a route: a name routes.ts lacks fails the build here.
const onlyRoutes: [Exclude<keyof Endpoints, RouteName>] extends [never] ? true : false = true;
void onlyRoutes;
