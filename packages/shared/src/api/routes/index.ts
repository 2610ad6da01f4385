import type { Route } from '../route-group.js';
import { analyticsAdminApi } from './analytics.js';
import { apiKeysAdminApi, apiKeysApi } from './api-keys.js';
import { auditAdminApi } from './audit.js';
import { authAdminApi, authApi } from './auth.js';
import { catalogueAdminApi, catalogueApi } from './catalogue.js';
import { chainsAdminApi } from './chains.js';
import { chatAdminApi, chatApi } from './chat.js';
import { dashboardApi } from './dashboard.js';
import { docsAdminApi, docsApi } from './docs.js';
import { eventsApi } from './events.js';
import { fulfilmentAdminApi } from './fulfilment.js';
import { guardrailsApi } from './guardrails.js';
import { healthApi } from './health.js';
import { ledgerAdminApi, ledgerApi } from './ledger.js';
import { mailApi, mailEdgeApi } from './mail.js';
import { notificationsApi } from './notifications.js';
import { ordersAdminApi, ordersApi } from './orders.js';
import { paymentsAdminApi, paymentsApi } from './payments.js';
import { renewalsAdminApi, renewalsApi } from './renewals.js';
import { setupAdminApi } from './setup.js';
import { sipTrunkAdminApi, sipTrunkApi } from './sip-trunk.js';
import { smppServerAdminApi, smppServerApi } from './smpp-server.js';
import { smsAdminApi, smsApi } from './sms.js';
import { usersAdminApi } from './users.js';
import { voiceAdminApi, voiceApi, voiceEdgeApi } from './voice.js';
import { voiceMonitoringApi } from './voice-monitoring.js';
import { webhooksAdminApi, webhooksApi } from './webhooks.js';

export {
  analyticsAdminApi,
  apiKeysAdminApi,
  apiKeysApi,
  auditAdminApi,
  authAdminApi,
  authApi,
  catalogueAdminApi,
  catalogueApi,
  chainsAdminApi,
  chatAdminApi,
  chatApi,
  dashboardApi,
  docsAdminApi,
  docsApi,
  eventsApi,
  fulfilmentAdminApi,
  guardrailsApi,
  healthApi,
  ledgerAdminApi,
  ledgerApi,
  mailApi,
  mailEdgeApi,
  notificationsApi,
  ordersAdminApi,
  ordersApi,
  paymentsAdminApi,
  paymentsApi,
  renewalsAdminApi,
  renewalsApi,
  setupAdminApi,
  sipTrunkAdminApi,
  sipTrunkApi,
  smppServerAdminApi,
  smppServerApi,
  smsAdminApi,
  smsApi,
  usersAdminApi,
  voiceAdminApi,
  voiceApi,
  voiceEdgeApi,
  voiceMonitoringApi,
  webhooksAdminApi,
  webhooksApi,
};

/** Every route by name: the server registers them all, the docs list them all. */
export const routes = /* @__PURE__ */ tableOf([
  analyticsAdminApi,
  apiKeysApi,
  apiKeysAdminApi,
  auditAdminApi,
  authApi,
  authAdminApi,
  catalogueApi,
  catalogueAdminApi,
  chainsAdminApi,
  chatApi,
  chatAdminApi,
  dashboardApi,
  docsApi,
  docsAdminApi,
  eventsApi,
  fulfilmentAdminApi,
  guardrailsApi,
  healthApi,
  ledgerApi,
  ledgerAdminApi,
  mailApi,
  mailEdgeApi,
  notificationsApi,
  ordersApi,
  ordersAdminApi,
  paymentsApi,
  paymentsAdminApi,
  renewalsApi,
  renewalsAdminApi,
  setupAdminApi,
  sipTrunkApi,
  sipTrunkAdminApi,
  smppServerApi,
  smppServerAdminApi,
  smsApi,
  smsAdminApi,
  usersAdminApi,
  voiceApi,
  voiceAdminApi,
  voiceEdgeApi,
  voiceMonitoringApi,
  webhooksApi,
  webhooksAdminApi,
]);

type Groups =
  | typeof analyticsAdminApi
  | typeof apiKeysApi
  | typeof apiKeysAdminApi
  | typeof auditAdminApi
  | typeof authApi
  | typeof authAdminApi
  | typeof catalogueApi
  | typeof catalogueAdminApi
  | typeof chainsAdminApi
  | typeof chatApi
  | typeof chatAdminApi
  | typeof dashboardApi
  | typeof docsApi
  | typeof docsAdminApi
  | typeof eventsApi
  | typeof fulfilmentAdminApi
  | typeof guardrailsApi
  | typeof healthApi
  | typeof ledgerApi
  | typeof ledgerAdminApi
  | typeof mailApi
  | typeof mailEdgeApi
  | typeof notificationsApi
  | typeof ordersApi
  | typeof ordersAdminApi
  | typeof paymentsApi
  | typeof paymentsAdminApi
  | typeof renewalsApi
  | typeof renewalsAdminApi
  | typeof setupAdminApi
  | typeof sipTrunkApi
  | typeof sipTrunkAdminApi
  | typeof smppServerApi
  | typeof smppServerAdminApi
  | typeof smsApi
  | typeof smsAdminApi
  | typeof usersAdminApi
  | typeof voiceApi
  | typeof voiceAdminApi
  | typeof voiceEdgeApi
  | typeof voiceMonitoringApi
  | typeof webhooksApi
  | typeof webhooksAdminApi;
type RoutesOf<G> = G extends unknown ? G[keyof G] : never;
type AnyRoute = RoutesOf<Groups>;
export type RouteTable = { [R in AnyRoute as R['name']]: R };
export type RouteName = keyof RouteTable;

function tableOf(groups: readonly object[]): RouteTable {
  const named = groups.flatMap((g) => Object.values(g as Record<string, Route>));
  return Object.fromEntries(named.map((r) => [r.name, r])) as unknown as RouteTable;
}
