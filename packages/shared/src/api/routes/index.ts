import type { Route } from '../route-group.js';
import {
  dashboardApi,
  eventsApi,
  ledgerApi,
  ordersApi,
  paymentsApi,
  sipTrunkApi,
} from './account.js';
import { adminApi } from './admin.js';
import { authApi } from './auth.js';
import { catalogueApi } from './catalogue.js';
import { catalogueAdminApi } from './catalogue-admin.js';
import { adminChatApi, chatApi } from './chat.js';
import { guardrailsApi } from './guardrails.js';
import { notificationsApi } from './notifications.js';
import { sipApi, voiceAdminApi, voiceEdgeApi } from './sip.js';
import { smsApi } from './sms.js';
import { adminSubscriptionsApi, subscriptionsApi } from './subscriptions.js';
import { docsApi, healthApi, setupApi } from './system.js';
import { voiceMonitoringApi } from './voice-monitoring.js';

export {
  adminApi,
  adminChatApi,
  adminSubscriptionsApi,
  authApi,
  catalogueAdminApi,
  catalogueApi,
  chatApi,
  dashboardApi,
  docsApi,
  eventsApi,
  guardrailsApi,
  healthApi,
  ledgerApi,
  notificationsApi,
  ordersApi,
  paymentsApi,
  setupApi,
  sipApi,
  sipTrunkApi,
  smsApi,
  subscriptionsApi,
  voiceAdminApi,
  voiceEdgeApi,
  voiceMonitoringApi,
};

/** Every route by name: the server registers them all, the docs list them all. */
export const routes = /* @__PURE__ */ tableOf([
  healthApi,
  docsApi,
  authApi,
  catalogueApi,
  catalogueAdminApi,
  sipTrunkApi,
  dashboardApi,
  paymentsApi,
  ordersApi,
  ledgerApi,
  guardrailsApi,
  smsApi,
  sipApi,
  voiceAdminApi,
  voiceEdgeApi,
  voiceMonitoringApi,
  eventsApi,
  adminApi,
  chatApi,
  adminChatApi,
  subscriptionsApi,
  adminSubscriptionsApi,
  notificationsApi,
  setupApi,
]);

type Groups =
  | typeof healthApi
  | typeof docsApi
  | typeof authApi
  | typeof catalogueApi
  | typeof catalogueAdminApi
  | typeof sipTrunkApi
  | typeof dashboardApi
  | typeof paymentsApi
  | typeof ordersApi
  | typeof ledgerApi
  | typeof guardrailsApi
  | typeof smsApi
  | typeof sipApi
  | typeof voiceAdminApi
  | typeof voiceEdgeApi
  | typeof voiceMonitoringApi
  | typeof eventsApi
  | typeof adminApi
  | typeof chatApi
  | typeof adminChatApi
  | typeof subscriptionsApi
  | typeof adminSubscriptionsApi
  | typeof notificationsApi
  | typeof setupApi;
type RoutesOf<G> = G extends unknown ? G[keyof G] : never;
type AnyRoute = RoutesOf<Groups>;
export type RouteTable = { [R in AnyRoute as R['name']]: R };
export type RouteName = keyof RouteTable;

function tableOf(groups: readonly object[]): RouteTable {
  const named = groups.flatMap((g) => Object.values(g as Record<string, Route>));
  return Object.fromEntries(named.map((r) => [r.name, r])) as unknown as RouteTable;
}
