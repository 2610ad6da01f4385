import type { ApiScope } from '../contracts/api-keys.js';

/** The webhook routes' names: every one needs `webhooks:manage`. */
const WEBHOOK_ROUTES = [
  'webhooks.list',
  'webhooks.create',
  'webhooks.remove',
  'webhooks.update',
  'webhooks.rotateSecret',
  'webhooks.test',
  'webhooks.deliveries',
  'webhooks.redeliver',
] as const;

/**
 * The scope an API key needs for each customer route it may call, by route name. A
 * route not listed here serves browser sessions only: a key gets 403 there. Admin routes,
 * account security (password, sessions, second factor, the keys themselves), SIP
 * credentials and spending limits are never listed (decision 0062).
 */
export const ROUTE_SCOPES: Readonly<Record<string, ApiScope>> = {
  'sms.quote': 'sms:send',
  'sms.send': 'sms:send',
  'sms.bulkPreview': 'sms:send',
  'sms.bulkSend': 'sms:send',
  'sms.history': 'sms:read',
  'sms.batch': 'sms:read',
  'sms.senders': 'sms:read',
  'smppServer.accounts': 'sms:send',
  'smppServer.create': 'sms:send',
  'smppServer.remove': 'sms:send',
  'voice.call': 'calls:write',
  'voice.hangup': 'calls:write',
  'voice.history': 'calls:read',
  'voice.quote': 'calls:read',
  'voice.status': 'calls:read',
  'voice.callerIds': 'calls:read',
  'orders.item': 'numbers:read',
  'orders.mine': 'numbers:read',
  'orders.buy': 'numbers:write',
  'renewals.mine': 'numbers:read',
  'renewals.update': 'numbers:write',
  'renewals.reactivate': 'numbers:write',
  'auth.user': 'balance:read',
  'ledger.mine': 'balance:read',
  'ledger.statement': 'balance:read',
  'dashboard.spending': 'balance:read',
  'payments.wallets': 'payments:read',
  'payments.quoteStatus': 'payments:read',
  'payments.mine': 'payments:read',
  'payments.quote': 'payments:write',
  'payments.create': 'payments:write',
  'mail.overview': 'mail:read',
  'mail.credentials': 'mail:read',
  'mail.createCredential': 'mail:write',
  'mail.removeCredential': 'mail:write',
  'mail.domains': 'mail:read',
  'mail.addDomain': 'mail:write',
  'mail.verifyDomain': 'mail:write',
  'mail.removeDomain': 'mail:write',
  'mail.suppressions': 'mail:read',
  'mail.removeSuppression': 'mail:write',
  'mail.messages': 'mail:read',
  ...Object.fromEntries(WEBHOOK_ROUTES.map((name) => [name, 'webhooks:manage' as const])),
};

/** The scope a key needs for this route, or null when keys may not call it at all. */
export const scopeOf = (routeName: string): ApiScope | null =>
  Object.hasOwn(ROUTE_SCOPES, routeName) ? (ROUTE_SCOPES[routeName] ?? null) : null;

/**
 * Whether a key may call a route at all, whatever its scopes: public routes but the
 * sign-in ones (a key never opens a session), and the routes listed above.
 */
export function keyMayCall(routeName: string, access: string): boolean {
  if (access === 'public') return !routeName.startsWith('auth.');
  return access === 'user' && scopeOf(routeName) !== null;
}
