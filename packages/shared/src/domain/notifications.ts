/**
 * What a customer can be told, as codes with values: the writers (the renewal and
 * low-balance jobs) store a code and its params, the readers (the notifications list,
 * the emails) word them in the reader's language. Every value is a string: amounts are
 * GBP decimal strings ("12.50"), dates ISO 8601, `item` the product's name as sold.
 */
export const NOTIFICATION_PARAMS = {
  /** Renews on renewsAt and the balance does not cover it: add shortfall. */
  'renewal.reminder': { required: ['item', 'amount', 'renewsAt', 'shortfall'], optional: [] },
  /** Renewed; the next renewal is on renewsAt. */
  'renewal.charged': { required: ['item', 'amount', 'renewsAt'], optional: [] },
  /** Could not be charged: keeps working until graceUntil, retried daily and at top-ups. */
  'renewal.failed': { required: ['item', 'amount', 'graceUntil'], optional: [] },
  /** Suspended; a number is released on releaseAt if still unpaid (plans have none). */
  'subscription.suspended': { required: ['item'], optional: ['releaseAt'] },
  'subscription.reactivated': { required: ['item', 'amount', 'renewsAt'], optional: [] },
  /** A number went back to the shop, or the item ended after its suspension. */
  'subscription.released': { required: ['item'], optional: [] },
  /** A cancelled item reached the end of its paid period. */
  'subscription.ended': { required: ['item'], optional: [] },
  'subscription.graceExtended': { required: ['item', 'graceUntil'], optional: [] },
  /** An admin waived a period. */
  'subscription.waived': { required: ['item', 'renewsAt'], optional: [] },
  'balance.low': { required: ['balance', 'threshold'], optional: [] },
  /** An admin approved a payment of `crypto` ("0.00184211 BTC"): `amount` was credited. */
  'payment.approved': { required: ['amount', 'crypto'], optional: [] },
  /** An admin rejected a payment of `crypto`; `reason` is what they typed, when they did. */
  'payment.rejected': { required: ['crypto'], optional: ['reason'] },
  /** A deposit of `crypto` left the chain after it was credited: an admin debited `amount` back. */
  'deposit.reversed': { required: ['amount', 'crypto'], optional: [] },
  /** Parley stopped sending webhooks to `url`: it answered 410, or failed for days. */
  'webhook.disabled': { required: ['url'], optional: [] },
} as const satisfies Record<string, { required: readonly string[]; optional: readonly string[] }>;

export type NotificationCode = keyof typeof NOTIFICATION_PARAMS;
export const NOTIFICATION_CODES = Object.keys(NOTIFICATION_PARAMS) as NotificationCode[];

type Spec = (typeof NOTIFICATION_PARAMS)[NotificationCode];
/** The values of each code: its required params, and its optional ones. */
export type NotificationParams<C extends NotificationCode> = {
  [K in (typeof NOTIFICATION_PARAMS)[C]['required'][number]]: string;
} & {
  [K in (typeof NOTIFICATION_PARAMS)[C]['optional'][number]]?: string;
};

/** How each value is shown: an amount in GBP, a date, or as it is. */
export const NOTIFICATION_PARAM_KINDS = {
  item: 'text',
  amount: 'money',
  shortfall: 'money',
  balance: 'money',
  threshold: 'money',
  renewsAt: 'date',
  graceUntil: 'date',
  releaseAt: 'date',
  crypto: 'text',
  reason: 'text',
  url: 'text',
} as const satisfies Record<Spec['required'][number] | Spec['optional'][number], string>;
export type NotificationParamName = keyof typeof NOTIFICATION_PARAM_KINDS;

export function isNotificationCode(value: unknown): value is NotificationCode {
  return typeof value === 'string' && Object.hasOwn(NOTIFICATION_PARAMS, value);
}

/**
 * A notice's code and values, checked by the type of its code: what a writer passes to
 * insertNotification (`{ ...notice('renewal.charged', { item, amount, renewsAt }), key }`).
 */
export function notice<C extends NotificationCode>(
  code: C,
  params: NotificationParams<C>,
): { code: C; params: Record<string, string> } {
  const kept = Object.entries(params as Record<string, string | undefined>).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  return { code, params: Object.fromEntries(kept) };
}

/** What is wrong with a notice's values (a missing or unknown name), or null. */
export function notificationParamsProblem(
  code: string,
  params: Record<string, unknown>,
): string | null {
  if (!isNotificationCode(code)) return `unknown code ${code}`;
  const spec: Spec = NOTIFICATION_PARAMS[code];
  const known: readonly string[] = [...spec.required, ...spec.optional];
  for (const name of spec.required)
    if (typeof params[name] !== 'string' || params[name] === '') return `${name} is missing`;
  for (const [name, value] of Object.entries(params)) {
    if (!known.includes(name)) return `${name} is not a value of ${code}`;
    if (typeof value !== 'string') return `${name} is not a string`;
  }
  return null;
}
